// What a lost dispute means for the buyer, in their words: said once here, so the mail that tells
// them (after-sale-mail.js) and their order page (order-page.js) say the same. Plain text.
// CommonJS; require inside handlers.

/** The bank's decision, with the amount it returned (already formatted); `about`: which order. */
function decided(amount, about) {
  return `Your bank decided the dispute about ${about || "this order"} in your favour: it returned ${amount} to you. Nothing more is needed from you.`;
}

/** What the decision ended, when the whole payment went back (else ""). */
function effect(kind) {
  return kind === "course"
    ? "Your access to the course has therefore ended; chapters downloaded for offline use leave your devices the next time they are online. Your progress is kept: if you enrol again one day, you continue where you stopped."
    : "The certificates of authenticity of this order are therefore no longer valid.";
}

/**
 * The lost dispute as the buyer's order page shows it, or null when there is none: `full` when
 * the whole payment went back (the order is reversed), the date, and the lines that explain it.
 */
function bankReversal(order, money) {
  if (order.getString("dispute_status") !== "lost") return null;
  const full = order.getString("status") === "refunded";
  const lines = [decided(money(order.getInt("amount_refunded"), order.getString("currency")))];
  if (full) lines.push(effect(order.getString("kind")));
  const at = order.getString("dispute_closed_at");
  return { full, at: at ? at.replace(" ", "T") : null, lines };
}

module.exports = { decided, effect, bankReversal };
