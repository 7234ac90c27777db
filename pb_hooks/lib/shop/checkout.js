// What the print and the course checkout share (lib/shop/print-checkout.js,
// lib/shop/course-checkout.js): the Stripe Checkout Session for a recorded pending order,
// its line items, and how long a session and its holds last. CommonJS; require inside handlers.

const { Collections, EMAIL_PATTERN, FORM_LIMITS } = require(`${__hooks}/lib/contract.gen.js`);
const { apiError } = require(`${__hooks}/lib/shop/checkout-input.js`);
const { abandon } = require(`${__hooks}/lib/shop/stock.js`);
// Required once here rather than where used: require() resolves its path on every call, and a
// drop's winners open their sessions while the crowd holds the cores.
const stripe = require(`${__hooks}/lib/shop/stripe.js`);
const { siteUrl } = require(`${__hooks}/lib/site/urls.js`);
const seam = require(`${__hooks}/lib/setup/test-seam.js`);

const HOLD_MINUTES = 30;
// Stripe needs expires_at >= 30 min after it receives the request: leave a margin.
const SESSION_SECONDS = HOLD_MINUTES * 60 + 60;
// Holds outlive their session a little, so a payment completed in the last second
// still finds its stock.
const HOLD_GRACE_SECONDS = 5 * 60;
// "Free worldwide shipping from Stockholm": Stripe wants an explicit list.
const SHIPPING_COUNTRIES = [
  "SE",
  "NO",
  "DK",
  "FI",
  "IS",
  "DE",
  "AT",
  "CH",
  "NL",
  "BE",
  "LU",
  "FR",
  "ES",
  "PT",
  "IT",
  "IE",
  "GB",
  "PL",
  "CZ",
  "SK",
  "HU",
  "SI",
  "HR",
  "RO",
  "BG",
  "GR",
  "CY",
  "MT",
  "EE",
  "LV",
  "LT",
  "US",
  "CA",
  "MX",
  "BR",
  "AR",
  "CL",
  "AU",
  "NZ",
  "JP",
  "KR",
  "SG",
  "HK",
  "TW",
  "IL",
  "AE",
  "ZA",
  "IN",
];

function validEmail(v) {
  return typeof v === "string" && v.length <= FORM_LIMITS.email && EMAIL_PATTERN.test(v) ? v.toLowerCase() : "";
}

// ---- Stripe session ----

function lineItem(item, imageUrl) {
  const product = { name: item.title };
  if (imageUrl) product.images = [imageUrl];
  product.metadata = { type: item.type, id: item.id };
  return {
    price_data: { currency: item.currency, unit_amount: item.unit_amount, product_data: product },
    quantity: item.quantity,
  };
}

function stripeFailure(err) {
  // Stripe refused what we sent (4xx) or failed (5xx, network): the buyer can only retry later.
  if (err?.stripeStatus) return apiError(502, `The payment provider refused the checkout: ${err.message}`);
  return apiError(502, "The payment provider could not be reached. Please try again.");
}

/**
 * Opens the Stripe session for a recorded pending order. Any failure releases the order's
 * holds (no orphan hold survives) and answers 502.
 */
function openSession(order, lineItems, opts) {
  const site = siteUrl();
  const prof = opts.prof;
  let session = null;
  try {
    const params = {
      mode: "payment",
      line_items: lineItems,
      success_url: `${site}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/payment-canceled?session_id={CHECKOUT_SESSION_ID}`,
      client_reference_id: order.id,
      metadata: opts.metadata,
      expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
    };
    if (opts.email) params.customer_email = opts.email;
    if (opts.shipping) params.shipping_address_collection = { allowed_countries: SHIPPING_COUNTRIES };
    if (opts.kind === "print") params.payment_intent_data = { metadata: opts.metadata };
    if (prof) prof.mark("sessionPrep");
    session = stripe.createCheckoutSession(params, `create-${order.id}`);
    if (prof) prof.mark("stripe");
    if (!session?.id || !session.url) throw new Error("no checkout URL in Stripe's answer");
    seam.hold("checkout-session");
    $app.runInTransaction((txApp) => {
      if (prof) prof.mark("sessionTxWait");
      txApp
        .db()
        .newQuery(`UPDATE ${Collections.Orders} SET stripe_session_id = {:s} WHERE id = {:id}`)
        .bind({ s: session.id, id: order.id })
        .execute();
    });
    if (prof) prof.mark("sessionTx");
  } catch (err) {
    stripe.logFailure("stripe checkout create failed", order.id, err);
    if (session?.id) {
      // The session exists but we could not record it: close it so it cannot be paid.
      try {
        stripe.expireCheckoutSession(session.id);
      } catch (_) {}
    }
    abandon(order.id, "failed");
    throw stripeFailure(err);
  }
  return { url: session.url, sessionId: session.id, orderId: order.id };
}

function requireConfigured() {
  if (!stripe.configured()) {
    throw apiError(503, "Payments are not configured on this site yet. Please contact the studio to order.");
  }
}
module.exports = {
  validEmail,
  lineItem,
  stripeFailure,
  openSession,
  requireConfigured,
  HOLD_GRACE_SECONDS,
  SESSION_SECONDS,
};
