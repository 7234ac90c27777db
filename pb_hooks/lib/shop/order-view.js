// What verify-payment and cancel-payment tell the browser about an order (docs/api.md).
// CommonJS; require inside handlers.

const SESSION_ID_RE = /^cs_[A-Za-z0-9_]{1,250}$/;

/** A Checkout Session id as Stripe writes them (cs_test_…, cs_live_…). */
function isSessionId(v) {
  return typeof v === "string" && SESSION_ID_RE.test(v);
}

/** payment_status as the success page shows it: paid, unpaid (pending), or the order status. */
function paymentStatus(status) {
  // shipped, delivered and a refund the artist has asked for are all paid orders
  if (status === "paid" || status === "shipped" || status === "delivered" || status === "refund_requested")
    return "paid";
  if (status === "pending") return "unpaid";
  return status;
}

function verified(order) {
  const items = require(`${__hooks}/lib/records/json.js`).jsonArray(order, "items");
  const status = order.getString("status");
  return {
    order: {
      id: order.id,
      items: items,
      status: status,
      amount_total: order.getInt("amount_total"),
      currency: order.getString("currency"),
      payment_status: paymentStatus(status),
    },
    payment_status: paymentStatus(status),
  };
}

module.exports = { verified, isSessionId };
