// Refunds and disputes after a sale. Stripe's charge.refunded (full or partial, the refunded
// amount so far on the charge), charge.dispute.created and charge.dispute.closed arrive through
// the webhook, in any order and possibly twice; the artist can also ask for a refund in the admin UI (status
// refund_requested, in full or refund_amount of it), which goes through Stripe's refunds API
// when STRIPE_SECRET_KEY is set, or
// mark an order refunded by hand (refunded outside the site). One function applies a refund:
// it re-reads the order in a short transaction and writes only its refund columns, so it never
// rewinds a payment or an edit that landed meanwhile.
//   A full refund: a print order becomes refunded and its certificates void; its copies stay
//   counted as sold until the artist ticks copies_returned (returnCopies), so an edition number
//   the buyer still holds is never sold again. A course order becomes refunded and the enrolment
//   ends (progress stays: buying again resumes it); the completion certificate is void.
//   A refund arriving before the payment was recorded ends the checkout: its copies go back,
//   and the late "completed" event finds the order done.
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { nowIso } = require(`${__hooks}/lib/records/dates.js`);

const REFUNDABLE = ["paid", "shipped", "delivered", "refund_requested", "needs_refund"];

/** The order of a payment intent: recorded at fulfilment, else through the session Stripe lists for it. */
function orderForPaymentIntent(pi) {
  if (!pi || typeof pi !== "string") return null;
  const rows = $app.findRecordsByFilter(Collections.Orders, "stripe_payment_intent = {:pi}", "", 1, 0, { pi: pi });
  if (rows.length) return rows[0];
  const stripe = require(`${__hooks}/lib/shop/stripe.js`);
  if (!stripe.configured()) return null;
  try {
    const list = stripe.request("GET", "/v1/checkout/sessions", { payment_intent: pi, limit: 1 });
    const session = list?.data?.[0];
    if (!session) return null;
    return require(`${__hooks}/lib/shop/fulfil.js`).findOrderForSession($app, session);
  } catch (err) {
    $app.logger().warn("could not look up the session of a payment", "payment_intent", pi, "error", String(err));
    return null;
  }
}

/** Ends a course order's enrolment (progress rows stay) and voids its completion certificate. */
function endEnrolment(txApp, order) {
  const items = require(`${__hooks}/lib/records/json.js`).jsonArray(order, "items");
  const courseId = items[0]?.id;
  const userId = order.getString("user_id");
  const rows = txApp.findRecordsByFilter(Collections.CourseEnrollments, "order_id = {:o}", "", 0, 0, { o: order.id });
  for (const en of rows) txApp.delete(en);
  if (userId && courseId) {
    require(`${__hooks}/lib/shop/certificates.js`).voidCompletion(txApp, userId, courseId, "The course was refunded.");
  }
}

/**
 * Applies what Stripe says was refunded (cents so far; `full` when the whole payment is).
 * Returns {orderId, changed, released:[printIds]} or null when no order matches.
 */
function applyRefund(orderId, amountRefunded, full, refundId, resume) {
  const checkout = require(`${__hooks}/lib/shop/stock.js`);
  const touched = {};
  let changed = false;
  require(`${__hooks}/lib/setup/test-seam.js`).hold("refund-write");
  $app.runInTransaction((txApp) => {
    changed = refundInTx(txApp, orderId, amountRefunded, full, refundId, resume, touched, false);
  });
  checkout.invalidateGate(Object.keys(touched));
  if (changed) require(`${__hooks}/lib/shop/after-sale-mail.js`).sendRefund(orderId);
  return { orderId, changed, released: Object.keys(touched) };
}

/**
 * applyRefund's writes, inside the caller's transaction (prints whose copies went back are
 * marked in `touched`). `quiet`: money the buyer got back another way (a lost dispute) is
 * counted as refunded but never announced as a refund. True when the order changed.
 */
function refundInTx(txApp, orderId, amountRefunded, full, refundId, resume, touched, quiet) {
  const checkout = require(`${__hooks}/lib/shop/stock.js`);
  const certs = require(`${__hooks}/lib/shop/certificates.js`);
  const order = txApp.findRecordById(Collections.Orders, orderId);
  const status = order.getString("status");
  const total = order.getInt("amount_total");
  const before = order.getInt("amount_refunded");
  const amount = Math.max(before, Math.min(total, Math.round(amountRefunded || 0)));
  const isFull = full || (total > 0 && amount >= total);
  const sets = {};
  if (amount !== before) sets.amount_refunded = amount;
  if (refundId && !order.getString("stripe_refund_id")) sets.stripe_refund_id = refundId;
  if (isFull && status !== "refunded") {
    if (status === "pending") {
      // refunded before we saw the payment: the checkout ends, its copies go back
      for (const h of txApp.findRecordsByFilter(
        Collections.StockHolds,
        "order_id = {:o} && status = 'open'",
        "",
        0,
        0,
        {
          o: orderId,
        },
      )) {
        txApp
          .db()
          .newQuery(`UPDATE ${Collections.StockHolds} SET status = 'released' WHERE id = {:id}`)
          .bind({ id: h.id })
          .execute();
        touched[h.getString("print_id")] = true;
      }
      for (const pid of Object.keys(touched)) checkout.refreshAvailable(txApp, pid);
      sets.status = "refunded";
    } else if (REFUNDABLE.indexOf(status) >= 0) {
      sets.status = "refunded";
      if (order.getString("kind") === "course") endEnrolment(txApp, order);
      else certs.voidForOrder(txApp, orderId, "The order was refunded.");
    }
    if (sets.status) sets.refunded_at = nowIso();
  }
  if (resume && !isFull && status === "refund_requested") {
    // the partial refund the artist asked for is done: the order goes on where it was
    sets.status = order.getString("delivered_at") ? "delivered" : order.getString("shipped_at") ? "shipped" : "paid";
  }
  if ((resume || isFull) && order.getFloat("refund_amount")) sets.refund_amount = 0;
  if (quiet && amount > order.getInt("refund_mailed_amount")) sets.refund_mailed_amount = amount;
  const cols = Object.keys(sets);
  if (!cols.length) return false;
  txApp
    .db()
    .newQuery(`UPDATE ${Collections.Orders} SET ${cols.map((c) => `${c} = {:${c}}`).join(", ")} WHERE id = {:id}`)
    .bind(Object.assign({ id: orderId }, sets))
    .execute();
  return true;
}

/** Webhook charge.refunded: the charge's amount_refunded is cumulative, so a replay or an older event changes nothing. */
function onChargeRefunded(charge) {
  const order = orderForPaymentIntent(charge.payment_intent);
  if (!order) {
    $app.logger().warn("charge.refunded for no known order", "charge", String(charge.id));
    return null;
  }
  const refunds = charge.refunds?.data || [];
  return applyRefund(
    order.id,
    Number(charge.amount_refunded) || 0,
    charge.refunded === true,
    refunds.length ? String(refunds[0].id) : "",
  );
}

/** What the order's dispute column says: the dispute's id, reason and amount. */
function disputeSummary(dispute, order) {
  const amount = require(`${__hooks}/lib/shop/fulfil.js`).money(
    Number(dispute.amount) || 0,
    String(dispute.currency || order.getString("currency")),
  );
  return `${String(dispute.id || "")}: ${String(dispute.reason || "unknown reason")}, ${amount}`.slice(0, 500);
}

/** Webhook charge.dispute.created: recorded once on the order, the artist mailed once. */
function onDisputeCreated(dispute) {
  const order = orderForPaymentIntent(dispute.payment_intent);
  if (!order) {
    $app.logger().warn("dispute for no known order", "dispute", String(dispute.id));
    return null;
  }
  const summary = disputeSummary(dispute, order);
  let recorded = false;
  $app.runInTransaction((txApp) => {
    const r = txApp
      .db()
      .newQuery(
        `UPDATE ${Collections.Orders} SET disputed_at = {:at}, dispute = {:d} WHERE id = {:id} AND disputed_at = ''`,
      )
      .bind({ at: nowIso(), d: summary, id: order.id })
      .execute();
    recorded = r.rowsAffected() === 1;
  });
  if (recorded) require(`${__hooks}/lib/shop/after-sale-mail.js`).sendDispute(order.id, summary);
  return { orderId: order.id, recorded };
}

/**
 * Webhook charge.dispute.closed: how the bank decided, recorded once (dispute_status,
 * dispute_closed_at; a closing that arrives before its charge.dispute.created records the
 * dispute too, so the late opening mails never go). The opening changed nothing on the order, so
 * `won`, `warning_closed` (an inquiry that never became a chargeback) and the rest leave it as it
 * is. `lost`: the bank gave the buyer the disputed amount back, which counts as refunded in the
 * same transaction: in full, a print order becomes refunded and its certificates void (its copies
 * stay sold until they come back), a course order ends the enrolment. The buyer is not sent a
 * refund mail for it (the shop did not refund them: their bank did). The artist is mailed once.
 */
function onDisputeClosed(dispute) {
  const order = orderForPaymentIntent(dispute.payment_intent);
  if (!order) {
    $app.logger().warn("closed dispute for no known order", "dispute", String(dispute.id));
    return null;
  }
  const outcome = String(dispute.status || "").slice(0, 40) || "closed";
  const summary = disputeSummary(dispute, order);
  const touched = {};
  let recorded = false;
  $app.runInTransaction((txApp) => {
    const now = nowIso();
    const r = txApp
      .db()
      .newQuery(
        `UPDATE ${Collections.Orders} SET dispute_status = {:s}, dispute_closed_at = {:at},
           disputed_at = CASE WHEN disputed_at = '' THEN {:at} ELSE disputed_at END,
           dispute = CASE WHEN dispute = '' THEN {:d} ELSE dispute END
         WHERE id = {:id} AND dispute_closed_at = ''`,
      )
      .bind({ s: outcome, at: now, d: summary, id: order.id })
      .execute();
    recorded = r.rowsAffected() === 1;
    if (!recorded || outcome !== "lost") return;
    const current = txApp.findRecordById(Collections.Orders, order.id);
    const lost = Math.max(0, Math.round(Number(dispute.amount) || 0));
    refundInTx(txApp, order.id, current.getInt("amount_refunded") + lost, false, "", false, touched, true);
  });
  require(`${__hooks}/lib/shop/stock.js`).invalidateGate(Object.keys(touched));
  if (recorded) require(`${__hooks}/lib/shop/after-sale-mail.js`).sendDisputeClosed(order.id, outcome, summary);
  return { orderId: order.id, recorded, outcome };
}

// The notes requestRefund leaves on an order while its refund has not gone through.
const NOTE_NO_STRIPE =
  "Payments are not configured on this server: refund it in the Stripe dashboard, then set the status to refunded.";
const NOTE_REFUSED = "Stripe refused the refund (the server tries again every minute): ";

/** A note requestRefund left (it no longer holds once the request is called off or settled by hand). */
function isRefundNote(text) {
  return text === NOTE_NO_STRIPE || text.indexOf(NOTE_REFUSED) === 0;
}

/**
 * A refund the artist asked for (status refund_requested): the rest of the payment, or
 * refund_amount of it, through Stripe's refunds API with the request's own idempotency key (so
 * asking again, or the cron's retry, never refunds twice), then applied at once; Stripe's
 * charge.refunded follows and finds it done. A partial refund puts the order back where it was.
 * Returns "" or the problem.
 */
function requestRefund(orderId) {
  const stripe = require(`${__hooks}/lib/shop/stripe.js`);
  const order = $app.findRecordById(Collections.Orders, orderId);
  if (order.getString("status") !== "refund_requested") return "";
  const note = (text) => {
    $app.runInTransaction((txApp) => {
      txApp
        .db()
        .newQuery(`UPDATE ${Collections.Orders} SET problem = {:p} WHERE id = {:id} AND status = 'refund_requested'`)
        .bind({ p: text.slice(0, 1000), id: orderId })
        .execute();
    });
    return text;
  };
  if (!stripe.configured()) return note(NOTE_NO_STRIPE);
  const pi = order.getString("stripe_payment_intent");
  if (!pi) return note("This order has no Stripe payment to refund.");
  const total = order.getInt("amount_total");
  const before = order.getInt("amount_refunded");
  const part = Math.round(order.getFloat("refund_amount") * 100);
  const partial = part > 0 && part < total - before;
  const params = { payment_intent: pi, metadata: { order_id: order.id, requested_by: "artist" } };
  if (partial) params.amount = part;
  let refund;
  try {
    refund = stripe.request("POST", "/v1/refunds", params, {
      idempotencyKey: order.getString("refund_request_key") || `refund-request-${order.id}`,
    });
  } catch (err) {
    const message = String(err?.message ?? err);
    // Refunded already (e.g. in the dashboard): the charge.refunded event finishes it.
    if (/already been refunded/i.test(message)) return "";
    stripe.logFailure("stripe refund failed", order.id, err);
    return note(`${NOTE_REFUSED}${message}`);
  }
  require(`${__hooks}/lib/setup/test-seam.js`).hold("refund-answered");
  // the refund went through: the notes about it no longer hold (and would hold back its mails)
  $app.runInTransaction((txApp) => {
    txApp
      .db()
      .newQuery(
        `UPDATE ${Collections.Orders} SET problem = '' WHERE id = {:id} AND (problem = {:a} OR problem LIKE {:b})`,
      )
      .bind({ id: orderId, a: NOTE_NO_STRIPE, b: `${NOTE_REFUSED}%` })
      .execute();
  });
  // Stripe's answer says how much of the charge this refund took; the amount refunded so far
  // is at least what we knew plus that
  const took = Number(refund?.amount) || (partial ? part : total - before);
  applyRefund(order.id, before + took, !partial, String(refund?.id || ""), true);
  // Stripe's charge.refunded may have been applied while the note still stood (it arrives while
  // the refund call is under way), which held its mails back: sent now, once (by amount)
  require(`${__hooks}/lib/shop/after-sale-mail.js`).sendRefund(order.id);
  return "";
}

/** Cron: refunds the artist asked for that did not go through yet. */
function retryRequested() {
  let n = 0;
  for (const o of $app.findRecordsByFilter(Collections.Orders, "status = 'refund_requested'", "updated", 20, 0)) {
    if (!requestRefund(o.id)) n++;
  }
  return n;
}

/**
 * The artist ticked copies_returned on a refunded print order: its copies go back to the edition
 * (sold down, holds marked returned, so their numbers are free for the next buyers). Once.
 */
function returnCopies(orderId) {
  const checkout = require(`${__hooks}/lib/shop/stock.js`);
  const touched = {};
  $app.runInTransaction((txApp) => {
    const order = txApp.findRecordById(Collections.Orders, orderId);
    if (
      order.getString("kind") !== "print" ||
      order.getString("status") !== "refunded" ||
      order.getString("returned_at")
    )
      return;
    for (const h of txApp.findRecordsByFilter(
      Collections.StockHolds,
      "order_id = {:o} && status = 'consumed'",
      "",
      0,
      0,
      {
        o: orderId,
      },
    )) {
      const pid = h.getString("print_id");
      txApp
        .db()
        .newQuery(`UPDATE ${Collections.StockHolds} SET status = 'returned' WHERE id = {:id}`)
        .bind({ id: h.id })
        .execute();
      txApp
        .db()
        .newQuery(`UPDATE ${Collections.Prints} SET sold = MAX(0, sold - {:q}) WHERE id = {:id}`)
        .bind({ q: h.getInt("quantity"), id: pid })
        .execute();
      touched[pid] = true;
    }
    for (const pid of Object.keys(touched)) checkout.refreshAvailable(txApp, pid);
    txApp
      .db()
      .newQuery(`UPDATE ${Collections.Orders} SET returned_at = {:at}, copies_returned = TRUE WHERE id = {:id}`)
      .bind({ at: nowIso(), id: orderId })
      .execute();
  });
  checkout.invalidateGate(Object.keys(touched));
  return Object.keys(touched);
}

module.exports = {
  onChargeRefunded,
  onDisputeCreated,
  onDisputeClosed,
  requestRefund,
  retryRequested,
  returnCopies,
  isRefundNote,
};
