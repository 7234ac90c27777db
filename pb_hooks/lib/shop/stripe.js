// Stripe over plain HTTPS from the JSVM: form encoding, API calls through STRIPE_API_BASE
// (tests point it at a local stand-in; production leaves it empty = api.stripe.com) and
// webhook signature verification. CommonJS; require inside handlers.

const TOLERANCE_SECONDS = 300;
// A call that got no HTTP answer at all (refused, reset, cut: the network, not Stripe) is made
// once more when repeating it is safe: a GET, or a POST with an idempotency key, for which Stripe
// replays its first answer if the first attempt did reach it — as Stripe's own libraries do by
// default (one network retry). Not after a timeout: whoever is waiting has waited long enough.
const NETWORK_ATTEMPTS = 2;
const NETWORK_RETRY_DELAY_MS = 300;
const NETWORK_RETRY_WITHIN_MS = 5000;
// The API version of the stripe npm package this repo tests with (v23).
const API_VERSION = "2026-10-28.endive";

function apiBase() {
  return ($os.getenv("STRIPE_API_BASE") || "https://api.stripe.com").replace(/\/+$/, "");
}

function secretKey() {
  return $os.getenv("STRIPE_SECRET_KEY") || "";
}

function configured() {
  return !!secretKey();
}

/** Stripe's form encoding: nested objects as a[b][c]=v, arrays as a[0]=v. */
function encode(params) {
  const parts = [];
  function walk(prefix, value) {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(`${prefix}[${i}]`, value[i]);
    } else if (typeof value === "object") {
      for (const k of Object.keys(value)) walk(prefix ? `${prefix}[${k}]` : k, value[k]);
    } else {
      parts.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
    }
  }
  walk("", params);
  return parts.join("&");
}

/**
 * Calls the Stripe API. Returns {status, body}; throws {stripe: true, status, message}
 * objects as Errors when the request fails or Stripe answers an error.
 */
function request(method, path, params, opts) {
  opts = opts || {};
  const headers = {
    authorization: `Bearer ${secretKey()}`,
    "stripe-version": opts.version || API_VERSION,
  };
  let url = apiBase() + path;
  let body = "";
  if (method === "GET") {
    const q = encode(params || {});
    if (q) url += (url.indexOf("?") < 0 ? "?" : "&") + q;
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = encode(params || {});
  }
  if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey;
  let res;
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    try {
      res = $http.send({ url: url, method: method, body: body, headers: headers, timeout: opts.timeout || 20 });
      break;
    } catch (err) {
      const reason = String(err?.message ? err.message : err);
      const repeatable = method === "GET" || !!opts.idempotencyKey;
      if (attempt < NETWORK_ATTEMPTS && repeatable && Date.now() - started < NETWORK_RETRY_WITHIN_MS) {
        $app.logger().warn("stripe request repeated after a network failure", "path", path, "error", reason);
        sleep(NETWORK_RETRY_DELAY_MS);
        continue;
      }
      const e = new Error(`Stripe request failed${attempt > 1 ? ` (${attempt} attempts)` : ""}: ${reason}`);
      e.stripeStatus = 0;
      throw e;
    }
  }
  const json = res.json || {};
  if (res.statusCode < 200 || res.statusCode >= 300) {
    const msg = json.error?.message || `HTTP ${res.statusCode}`;
    const e = new Error(msg);
    e.stripeStatus = res.statusCode;
    throw e;
  }
  return json;
}

function createCheckoutSession(params, idempotencyKey) {
  return request("POST", "/v1/checkout/sessions", params, { idempotencyKey: idempotencyKey });
}

function retrieveCheckoutSession(id) {
  return request("GET", `/v1/checkout/sessions/${encodeURIComponent(id)}`, {});
}

/** Closes an open session so it can no longer be paid (Stripe refuses for complete ones). */
function expireCheckoutSession(id) {
  return request(
    "POST",
    `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`,
    {},
    { idempotencyKey: `expire-${id}` },
  );
}

/** Refunds a payment in full; the idempotency key makes a repeated call a no-op. */
function createRefund(paymentIntent, metadata, idempotencyKey) {
  return request(
    "POST",
    "/v1/refunds",
    { payment_intent: paymentIntent, metadata: metadata },
    { idempotencyKey: idempotencyKey },
  );
}

/**
 * Verifies a Stripe-Signature header ("t=...,v1=...,v1=...") over the raw body: HMAC-SHA256
 * of "t.body" with the endpoint secret, any v1 may match (constant-time), timestamp within
 * 300 s. Returns "" when valid, else the reason. With `headerOnly`, checks only what needs no
 * body (a secret, a header with a timestamp and a v1), so a request that cannot be valid is
 * refused before its body is read.
 */
function verifySignature(rawBody, header, secret, nowSeconds, headerOnly) {
  if (!secret) return "webhook secret not configured";
  if (!header) return "missing Stripe-Signature header";
  let t = "";
  const v1 = [];
  for (const part of String(header).split(",")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k === "t") t = v;
    else if (k === "v1") v1.push(v);
  }
  if (!/^\d+$/.test(t)) return "no timestamp in Stripe-Signature";
  if (v1.length === 0) return "no v1 signature in Stripe-Signature";
  if (headerOnly) return "";
  const expected = $security.hs256(`${t}.${rawBody}`, secret);
  let ok = false;
  for (const sig of v1) {
    // check every candidate so timing does not depend on which one matched
    if ($security.equal(expected, sig.toLowerCase())) ok = true;
  }
  if (!ok) return "signature mismatch";
  const now = nowSeconds || Math.floor(Date.now() / 1000);
  if (Math.abs(now - parseInt(t, 10)) > TOLERANCE_SECONDS) return "timestamp outside the tolerance zone";
  return "";
}

/** Logs a failed Stripe call about an order: what failed, the order, Stripe's HTTP status (0: unreachable) and its message. */
function logFailure(what, orderId, err) {
  $app.logger().error(what, "order", orderId, "status", err?.stripeStatus, "error", String(err?.message ?? err));
}

module.exports = {
  configured,
  logFailure,
  createCheckoutSession,
  retrieveCheckoutSession,
  expireCheckoutSession,
  createRefund,
  verifySignature,
  request,
};
