/// <reference path="../pb_data/types.d.ts" />
// How a dispute ended (Stripe's charge.dispute.closed): its status as Stripe gives it (won, lost,
// warning_closed, ...) and when the server recorded it. Both are set once; the closing of a dispute
// changes the order only when it was lost (the disputed amount then counts as refunded).
migrate(
  (app) => {
    const orders = app.findCollectionByNameOrId("orders");
    orders.fields.add(
      new TextField({
        name: "dispute_status",
        max: 40,
        help: "Set by the server when the dispute was closed: won (the payment stands), lost (the buyer's bank gave the money back: counted as refunded), warning_closed (an inquiry that never became a chargeback).",
      }),
    );
    orders.fields.add(
      new DateField({ name: "dispute_closed_at", help: "Set by the server when the dispute was closed." }),
    );
    app.save(orders);
  },
  (app) => {
    const orders = app.findCollectionByNameOrId("orders");
    orders.fields.removeByName("dispute_status");
    orders.fields.removeByName("dispute_closed_at");
    app.save(orders);
  },
);
