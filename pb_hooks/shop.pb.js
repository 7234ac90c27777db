/// <reference path="../pb_data/types.d.ts" />
// Print shop and course payments: create-payment, verify-payment, the Stripe webhook,
// and the sweep that returns stock from abandoned checkouts. Logic lives in pb_hooks/lib.

routerAdd("POST", "/api/atelier/create-payment", (e) => {
  const checkout = require(`${__hooks}/lib/checkout.js`);
  const body = e.requestInfo().body || {};
  const auth = e.auth && e.auth.collection().name === "users" ? e.auth : null;
  const result = body.courseSlug != null ? checkout.createCourseCheckout(body, auth) : checkout.createPrintCheckout(body, auth);
  return e.json(200, result);
});

routerAdd("POST", "/api/atelier/verify-payment", (e) => {
  const body = e.requestInfo().body || {};
  const sessionId = typeof body.sessionId === "string" ? body.sessionId : "";
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) {
    throw new NotFoundError("No order was found for this payment.");
  }
  const rows = $app.findRecordsByFilter("orders", "stripe_session_id = {:s}", "", 1, 0, { s: sessionId });
  if (!rows.length) throw new NotFoundError("No order was found for this payment.");
  let order = rows[0];
  const stripe = require(`${__hooks}/lib/stripe.js`);
  if (order.getString("status") === "pending" && stripe.configured()) {
    try {
      const session = stripe.retrieveCheckoutSession(sessionId);
      if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
        order = require(`${__hooks}/lib/fulfil.js`).fulfil(sessionId, session) || order;
      } else if (session.status === "expired") {
        require(`${__hooks}/lib/fulfil.js`).release(order.id, "expired");
        order = $app.findRecordById("orders", order.id);
      }
    } catch (err) {
      // The webhook still fulfils; answer with what we know.
      $app.logger().warn("verify-payment could not reach Stripe", "session", sessionId, "error", String(err?.message));
    }
  }
  const status = order.getString("status");
  let items = [];
  try {
    items = JSON.parse(order.getString("items") || "[]");
  } catch (_) {}
  return e.json(200, {
    order: {
      id: order.id,
      items: items,
      status: status,
      amount_total: order.getInt("amount_total"),
      currency: order.getString("currency"),
      payment_status: status === "paid" ? "paid" : status === "pending" ? "unpaid" : status,
    },
    payment_status: status === "paid" ? "paid" : status === "pending" ? "unpaid" : status,
  });
});

routerAdd("POST", "/api/stripe/webhook", (e) => {
  const stripe = require(`${__hooks}/lib/stripe.js`);
  const raw = toString(e.request.body);
  const problem = stripe.verifySignature(raw, e.request.header.get("Stripe-Signature"), $os.getenv("STRIPE_WEBHOOK_SECRET"));
  if (problem) throw new BadRequestError(`Invalid Stripe signature: ${problem}`);
  let event;
  try {
    event = JSON.parse(raw);
  } catch (_) {
    throw new BadRequestError("Invalid JSON payload.");
  }
  if (!event || typeof event.id !== "string" || !event.type) throw new BadRequestError("Not a Stripe event.");
  if ($app.findRecordsByFilter("stripe_events", "event_id = {:id}", "", 1, 0, { id: event.id }).length) {
    return e.json(200, { received: true, duplicate: true });
  }
  const fulfil = require(`${__hooks}/lib/fulfil.js`);
  const session = event.data?.object ? event.data.object : {};
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      // completed with payment_status "unpaid" (delayed methods) waits for async_payment_*
      if (session.id) fulfil.fulfil(session.id, session);
      break;
    case "checkout.session.async_payment_failed": {
      const order = fulfil.findOrderForSession($app, session);
      if (order) fulfil.release(order.id, "failed");
      break;
    }
    case "checkout.session.expired":
      if (session.id) fulfil.releaseSession(session);
      break;
    default:
      break;
  }
  try {
    const rec = new Record($app.findCollectionByNameOrId("stripe_events"));
    rec.set("event_id", event.id);
    rec.set("type", event.type);
    rec.set("session_id", session.id || "");
    rec.set("processed_at", new Date().toISOString().replace("T", " "));
    $app.save(rec);
  } catch (_) {
    // a concurrent delivery of the same event recorded it first: fulfilment is idempotent
  }
  return e.json(200, { received: true });
});

// prints.available (edition_size − sold − open holds) stays true whoever saves a print:
// the checkout and fulfilment transactions, the seed, or the artist in the admin UI.
onRecordCreate((e) => {
  require(`${__hooks}/lib/checkout.js`).fillAvailable(e.app, e.record);
  e.next();
}, "prints");
onRecordUpdate((e) => {
  require(`${__hooks}/lib/checkout.js`).fillAvailable(e.app, e.record);
  e.next();
}, "prints");

// Abandoned checkouts give their stock back (Stripe's expired event does too; this
// covers missed webhooks).
cronAdd("atelier_release_holds", "* * * * *", () => {
  const n = require(`${__hooks}/lib/fulfil.js`).sweepExpiredHolds();
  if (n) $app.logger().info("released expired stock holds", "orders", n);
});
