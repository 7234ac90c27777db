// cancel-payment: the buyer came back from Stripe through "Cancel". The Stripe session is
// closed first (so it can no longer be paid), then the order's holds are released. Calling
// it again, or after the session expired or was paid, changes nothing. CommonJS.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

function reread(order) {
  return $app.findRecordById(Collections.Orders, order.id);
}

/** Returns the order as it stands afterwards; throws 502 when Stripe cannot be asked. */
function cancel(order) {
  if (order.getString("status") !== "pending") return order;
  const stripe = require(`${__hooks}/lib/shop/stripe.js`);
  const fulfil = require(`${__hooks}/lib/shop/fulfil.js`);
  const sessionId = order.getString("stripe_session_id");
  if (stripe.configured() && sessionId) {
    try {
      stripe.expireCheckoutSession(sessionId);
    } catch (err) {
      // Stripe refuses to expire a session that is no longer open: find out why.
      let session = null;
      try {
        session = stripe.retrieveCheckoutSession(sessionId);
      } catch (_) {}
      if (!session) {
        $app
          .logger()
          .warn("cancel-payment could not reach Stripe", "session", sessionId, "error", String(err?.message ?? err));
        throw new ApiError(
          502,
          "The payment provider could not be reached. Your checkout closes by itself within 40 minutes; nothing is charged unless you pay.",
          {},
        );
      }
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required")
        return fulfil.fulfil(sessionId, session) || reread(order);
      // Completed with a delayed payment method: the payment may still arrive, keep the copy.
      if (session.status === "complete") return reread(order);
      if (session.status === "open")
        throw new ApiError(
          502,
          `The payment provider refused to close the checkout: ${err?.message ?? "unknown error"}`,
          {},
        );
    }
  }
  fulfil.release(order.id, "canceled");
  // Stripe's expired event may have released it a moment earlier: it was still the buyer's cancel.
  $app.runInTransaction((txApp) => {
    const o = txApp.findRecordById(Collections.Orders, order.id);
    if (o.getString("status") !== "expired") return;
    o.set("status", "canceled");
    txApp.save(o);
  });
  return reread(order);
}

module.exports = { cancel };
