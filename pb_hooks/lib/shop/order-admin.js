// The artist's edits of an order in the admin UI. The admin UI sends back every field it loaded,
// however long ago; a webhook may have refunded the order since. So the save runs in a
// transaction that re-reads the order: only the artist's own fields are taken (status along the
// allowed steps, carrier and tracking, copies_returned, problem, clearing the link secret, the
// amount of a refund she asks for),
// everything else keeps the database's value, and a status step that no longer fits the order
// as it is now is refused. What follows a step (mails, the Stripe refund, the copies' return)
// runs after the commit. CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { nowIso } = require(`${__hooks}/lib/records/dates.js`);

// Where the artist may move an order from each status.
const STEPS = {
  paid: ["shipped", "delivered", "refund_requested", "refunded"],
  shipped: ["delivered", "refund_requested", "refunded"],
  delivered: ["refund_requested", "refunded"],
  refund_requested: ["paid", "shipped", "delivered", "refunded"],
  needs_refund: ["refund_requested", "refunded"],
  amount_mismatch: ["refunded"],
};
const ARTIST_TEXT = ["carrier", "tracking_number", "tracking_url", "problem"];

function fieldError(field, code, message) {
  return new BadRequestError(message, { [field]: new ValidationError(code, message) });
}

// Where an order goes back to after a partial refund the artist asked for.
const RESUMABLE = ["paid", "shipped", "delivered"];

/**
 * The artist asks for a refund: the whole rest, or `amount` (in the order's currency) of it.
 * The request gets its own idempotency key, so retrying it never refunds twice.
 */
function takeRefundRequest(record, current, amount) {
  // nothing the server could refund through: say so at the save, and the order stays as it was
  if (!require(`${__hooks}/lib/shop/stripe.js`).configured())
    throw fieldError(
      "status",
      "refund_unavailable",
      "Payments are not configured on this server, so it cannot refund through Stripe. Refund the payment in the Stripe dashboard, then set the status to refunded.",
    );
  if (!current.getString("stripe_payment_intent"))
    throw fieldError(
      "status",
      "refund_no_payment",
      "This order has no Stripe payment to refund. Pay the buyer back yourself, then set the status to refunded.",
    );
  const left = current.getInt("amount_total") - current.getInt("amount_refunded");
  const cents = Math.round((amount || 0) * 100);
  if (cents > left)
    throw fieldError(
      "refund_amount",
      "refund_too_large",
      `At most ${(left / 100).toFixed(2)} is left to refund on this order; leave refund_amount empty to refund all of it.`,
    );
  if (cents > 0 && cents < left && RESUMABLE.indexOf(current.getString("status")) < 0)
    throw fieldError(
      "refund_amount",
      "refund_partial_status",
      "Only a paid, shipped or delivered order can be refunded in part; leave refund_amount empty to refund all of it.",
    );
  record.set("refund_amount", cents > 0 && cents < left ? cents / 100 : 0);
  record.set("refund_request_key", `refund-request-${record.id}-${$security.randomString(12)}`);
}

/**
 * Inside the save's transaction: `record` is what the admin UI sent. Returns what to do after the
 * commit: {from, to, returned}.
 */
function beforeUpdate(txApp, record) {
  const current = txApp.findRecordById(Collections.Orders, record.id);
  const refundAmount = record.getFloat("refund_amount");
  const wanted = {
    status: record.getString("status"),
    copies_returned: record.getBool("copies_returned"),
    access_secret: record.getString("access_secret"),
  };
  for (const f of ARTIST_TEXT) wanted[f] = record.getString(f);
  // everything as it is now, then the artist's fields on top
  for (const field of record.collection().fields) {
    if (field.type() === "autodate") continue;
    record.set(field.name, current.get(field.name));
  }
  for (const f of ARTIST_TEXT) record.set(f, wanted[f]);
  if (wanted.access_secret === "") record.set("access_secret", "");

  const from = current.getString("status");
  let to = from;
  if (wanted.status !== from) {
    if ((STEPS[from] || []).indexOf(wanted.status) < 0) {
      throw fieldError(
        "status",
        "status_step",
        `This order is ${from} now; it cannot be set to ${wanted.status}. Reload the order if it changed since you opened it.`,
      );
    }
    to = wanted.status;
    record.set("status", to);
    if (to === "refund_requested") takeRefundRequest(record, current, refundAmount);
    if (from === "refund_requested") {
      // a request called off or settled by hand: its amount must not come back with the next
      // one, and its note about Stripe no longer holds (it would also hold back the refund mails)
      record.set("refund_amount", 0);
      if (require(`${__hooks}/lib/shop/refunds.js`).isRefundNote(record.getString("problem")))
        record.set("problem", "");
    }
    if (to === "shipped" && !current.getString("shipped_at")) record.set("shipped_at", nowIso());
    if (to === "delivered") {
      if (!current.getString("delivered_at")) record.set("delivered_at", nowIso());
      if (!current.getString("shipped_at")) record.set("shipped_at", nowIso());
    }
    if (to === "refunded") {
      // refunded outside the site (the dashboard, a bank transfer): the same consequences
      record.set("refunded_at", nowIso());
      if (record.getInt("amount_refunded") < record.getInt("amount_total"))
        record.set("amount_refunded", record.getInt("amount_total"));
      if (current.getString("kind") === "course") {
        for (const en of txApp.findRecordsByFilter(Collections.CourseEnrollments, "order_id = {:o}", "", 0, 0, {
          o: record.id,
        }))
          txApp.delete(en);
        const items = require(`${__hooks}/lib/records/json.js`).jsonArray(current, "items");
        if (current.getString("user_id") && items[0]?.id)
          require(`${__hooks}/lib/shop/certificates.js`).voidCompletion(
            txApp,
            current.getString("user_id"),
            items[0].id,
            "The course was refunded.",
          );
      } else {
        require(`${__hooks}/lib/shop/certificates.js`).voidForOrder(txApp, record.id, "The order was refunded.");
      }
    }
  }

  let returned = false;
  if (wanted.copies_returned !== current.getBool("copies_returned")) {
    if (!wanted.copies_returned)
      throw fieldError(
        "copies_returned",
        "returned_for_good",
        "Returned copies are back in the edition; this cannot be undone.",
      );
    if (current.getString("kind") !== "print" || to !== "refunded")
      throw fieldError(
        "copies_returned",
        "not_refunded",
        "Only the copies of a refunded print order can go back to the edition. Refund the order first.",
      );
    returned = true; // returnCopies sets it, with the stock, after the commit
  }
  return { from, to, returned };
}

/** After the commit: the mails, the refund through Stripe, the copies back in the edition. */
function afterUpdate(orderId, change) {
  const mail = require(`${__hooks}/lib/shop/after-sale-mail.js`);
  const refunds = require(`${__hooks}/lib/shop/refunds.js`);
  if (change.to !== change.from) {
    if (change.to === "shipped") mail.sendShipped(orderId);
    if (change.to === "delivered") mail.sendDelivered(orderId);
    if (change.to === "refund_requested") refunds.requestRefund(orderId);
    if (change.to === "refunded") mail.sendRefund(orderId);
  }
  if (change.returned) refunds.returnCopies(orderId);
}

module.exports = { beforeUpdate, afterUpdate };
