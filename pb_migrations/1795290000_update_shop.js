/// <reference path="../pb_data/types.d.ts" />
// Shop safety: orders remember the address a checkout came from (the per-visitor cap on held
// copies), what went wrong with a payment, and a refund; new statuses for payments the shop
// cannot fulfil. The prints' counters say in the admin UI that the server keeps them.
const STATUSES = ["pending", "paid", "expired", "failed", "canceled", "needs_refund", "refunded", "amount_mismatch"];
const OLD_STATUSES = ["pending", "paid", "expired", "failed", "canceled"];
const STATUS_HELP =
  "pending: checkout open; paid: fulfilled; expired/canceled/failed: stock released; needs_refund: paid, cannot be fulfilled (see problem), refund it in Stripe; refunded: refunded through Stripe; amount_mismatch: Stripe charged another amount, nothing fulfilled.";
const OLD_STATUS_HELP = "pending: checkout open; paid: fulfilled; expired / canceled / failed: stock released.";

migrate(
  (app) => {
    const orders = app.findCollectionByNameOrId("orders");
    const status = orders.fields.getByName("status");
    status.values = STATUSES;
    status.help = STATUS_HELP;
    orders.fields.add(
      new TextField({
        name: "client_ip",
        max: 45,
        hidden: true,
        help: "Address the checkout came from; caps the copies one visitor can hold in open checkouts.",
      }),
    );
    orders.fields.add(
      new TextField({
        name: "problem",
        max: 1000,
        help: "Why a paid order was not fulfilled (needs_refund, amount_mismatch).",
      }),
    );
    orders.fields.add(
      new TextField({
        name: "stripe_refund_id",
        max: 255,
        help: "Stripe refund id (re_...) when the server refunded the payment.",
      }),
    );
    orders.fields.add(new DateField({ name: "refunded_at", help: "When the refund was made." }));
    orders.indexes = [
      ...orders.indexes,
      "CREATE INDEX `idx_orders_client_ip_status` ON `orders` (`client_ip`, `status`)",
      "CREATE INDEX `idx_orders_email_status` ON `orders` (`email`, `status`)",
    ];
    app.save(orders);

    const prints = app.findCollectionByNameOrId("prints");
    prints.fields.getByName("sold").help =
      "Kept by the server: copies sold. Can be set when creating a print (copies sold before it was listed); later edits here are ignored.";
    prints.fields.getByName("available").help =
      "Kept by the server: edition size minus sold minus copies held in open checkouts. Edits here are ignored.";
    prints.fields.getByName("edition_size").help =
      "Number of prints in the limited edition. Cannot be set below the copies sold and held in open checkouts.";
    app.save(prints);
  },
  (app) => {
    const orders = app.findCollectionByNameOrId("orders");
    for (const name of ["client_ip", "problem", "stripe_refund_id", "refunded_at"]) orders.fields.removeByName(name);
    orders.indexes = orders.indexes.filter(
      (i) => !i.includes("idx_orders_client_ip_status") && !i.includes("idx_orders_email_status"),
    );
    const status = orders.fields.getByName("status");
    status.values = OLD_STATUSES;
    status.help = OLD_STATUS_HELP;
    app.save(orders);

    const prints = app.findCollectionByNameOrId("prints");
    prints.fields.getByName("sold").help = "Kept by the server: prints sold so far. Do not edit by hand.";
    prints.fields.getByName("available").help =
      "Kept by the server: edition size minus sold minus prints held in open checkouts.";
    prints.fields.getByName("edition_size").help = "Number of prints in the limited edition.";
    app.save(prints);
  },
);
