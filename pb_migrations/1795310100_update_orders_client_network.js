/// <reference path="../pb_data/types.d.ts" />
// The per-visitor cap on held copies counts a network, not an address: one IPv6 /64 holds
// endless addresses, an IPv4 /24 a few hundred. Orders keep the network the checkout came from
// (pb_hooks/lib/http/client-ip.js networkOf); orders made before count by their address.
migrate(
  (app) => {
    const orders = app.findCollectionByNameOrId("orders");
    orders.fields.add(
      new TextField({
        name: "client_network",
        max: 64,
        hidden: true,
        help: "Network the checkout came from (IPv4 /24, IPv6 /64); caps the copies one visitor can hold in open checkouts.",
      }),
    );
    orders.indexes = [
      ...orders.indexes,
      "CREATE INDEX `idx_orders_client_network_status` ON `orders` (`client_network`, `status`)",
    ];
    app.save(orders);
  },
  (app) => {
    const orders = app.findCollectionByNameOrId("orders");
    orders.fields.removeByName("client_network");
    orders.indexes = orders.indexes.filter((i) => !i.includes("idx_orders_client_network_status"));
    app.save(orders);
  },
);
