/// <reference path="../pb_data/types.d.ts" />
// A refund the artist starts can be partial: refund_amount (in the order's currency, e.g. 40 for
// €40) beside the status refund_requested refunds that much through Stripe, and the order goes
// back to where it was (paid, shipped or delivered); empty refunds the rest in full. Each request
// gets its own idempotency key (refund_request_key), so a retried request never refunds twice.
const STATUS_HELP =
  "paid: to pack; shipped: it left (carrier, tracking first; buyer mailed once); delivered: arrived (mailed once); refund_requested: refunded through Stripe (in full, or refund_amount); refunded: done (certificates void, course access ends); needs_refund/amount_mismatch: see problem.";
const OLD_STATUS_HELP =
  "paid: to pack; shipped: set when it leaves (carrier, tracking first; buyer mailed once); delivered: arrived (mailed once); refund_requested: server refunds it in full through Stripe; refunded: done (certificates void, course access ends); needs_refund/amount_mismatch: see problem.";

migrate(
  (app) => {
    const orders = app.findCollectionByNameOrId("orders");
    orders.fields.add(
      new NumberField({
        name: "refund_amount",
        min: 0,
        help: "With status refund_requested: refund only this much, in the order's currency (e.g. 40 = 40.00); empty refunds the rest. Cleared once refunded.",
      }),
    );
    orders.fields.add(
      new TextField({
        name: "refund_request_key",
        max: 100,
        hidden: true,
        help: "Set by the server: the idempotency key of the refund the artist asked for, so a retry never refunds twice.",
      }),
    );
    orders.fields.getByName("status").help = STATUS_HELP;
    app.save(orders);
  },
  (app) => {
    const orders = app.findCollectionByNameOrId("orders");
    orders.fields.removeByName("refund_amount");
    orders.fields.removeByName("refund_request_key");
    orders.fields.getByName("status").help = OLD_STATUS_HELP;
    app.save(orders);
  },
);
