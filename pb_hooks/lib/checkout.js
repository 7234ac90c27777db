// create-payment for prints and for the course: validates ids and quantities, prices
// everything from the database, holds print stock atomically, records a pending order and
// opens a Stripe Checkout Session. The browser's titles and prices are never used.
// CommonJS; require inside handlers.

const HOLD_MINUTES = 30;
// Stripe needs expires_at >= 30 min after it receives the request: leave a margin.
const SESSION_SECONDS = HOLD_MINUTES * 60 + 60;
// Holds outlive their session a little, so a payment completed in the last second
// still finds its stock.
const HOLD_GRACE_SECONDS = 5 * 60;
const MAX_LINES = 20;
const MAX_QUANTITY = 10;
// "Free worldwide shipping from Stockholm": Stripe wants an explicit list.
const SHIPPING_COUNTRIES = [
  "SE", "NO", "DK", "FI", "IS", "DE", "AT", "CH", "NL", "BE", "LU", "FR", "ES", "PT", "IT", "IE", "GB",
  "PL", "CZ", "SK", "HU", "SI", "HR", "RO", "BG", "GR", "CY", "MT", "EE", "LV", "LT",
  "US", "CA", "MX", "BR", "AR", "CL", "AU", "NZ", "JP", "KR", "SG", "HK", "TW", "IL", "AE", "ZA", "IN",
];

function apiError(status, message, data) {
  return new ApiError(status, message, data || {});
}

function nowIso(offsetSeconds) {
  return new Date(Date.now() + (offsetSeconds || 0) * 1000).toISOString().replace("T", " ");
}

function currentRates(app) {
  const rates = {};
  try {
    for (const r of app.findRecordsByFilter("exchange_rates", "base = 'EUR'", "", 10, 0)) {
      rates[r.getString("currency").toLowerCase()] = r.getFloat("rate");
    }
  } catch (_) {}
  return require(`${__hooks}/lib/pricing.js`).normalizeRates(rates);
}

function fileUrl(record, field, thumb) {
  const name = record.getString(field);
  if (!name) return "";
  const mailer = require(`${__hooks}/lib/mailer.js`);
  return `${mailer.siteUrl()}/api/files/${record.collection().id}/${record.id}/${encodeURIComponent(name)}${thumb ? `?thumb=${thumb}` : ""}`;
}

function validEmail(v) {
  return typeof v === "string" && v.length <= 254 && require(`${__hooks}/lib/validate.js`).EMAIL_RE.test(v) ? v : "";
}

/** Open holds of a print that are still valid, and releases the stale ones. Inside a tx. */
function heldQuantity(txApp, printId) {
  let held = 0;
  const now = nowIso(0);
  for (const h of txApp.findRecordsByFilter("stock_holds", "print_id = {:p} && status = 'open'", "", 0, 0, { p: printId })) {
    const exp = h.getString("expires_at");
    if (exp && exp < now) {
      h.set("status", "released");
      txApp.save(h);
      const o = txApp.findRecordById("orders", h.getString("order_id"));
      if (o.getString("status") === "pending") {
        o.set("status", "expired");
        txApp.save(o);
      }
      continue;
    }
    held += h.getInt("quantity");
  }
  return held;
}

/** Sum of open holds of a print, read-only (used by the prints save hook). */
function openHeld(app, printId) {
  let held = 0;
  for (const h of app.findRecordsByFilter("stock_holds", "print_id = {:p} && status = 'open'", "", 0, 0, { p: printId })) held += h.getInt("quantity");
  return held;
}

/** Keeps prints.available true whenever a print is saved (also edits in the admin UI). */
function fillAvailable(app, record) {
  const held = record.isNew() ? 0 : openHeld(app, record.id);
  record.set("available", Math.max(0, record.getInt("edition_size") - record.getInt("sold") - held));
}

/** available = edition_size − sold − open holds. Inside a tx. */
function recomputeAvailable(txApp, print) {
  const available = Math.max(0, print.getInt("edition_size") - print.getInt("sold") - heldQuantity(txApp, print.id));
  if (print.getInt("available") !== available) {
    print.set("available", available);
    txApp.save(print);
  }
  return available;
}

/** Parses the print cart body into [{printId, quantity}] (ids merged), or throws 400. */
function parsePrintItems(items) {
  if (!Array.isArray(items) || items.length === 0) throw apiError(400, "Add some prints to your cart first.", { items: { code: "validation_required", message: "Cannot be empty." } });
  if (items.length > MAX_LINES) throw apiError(400, `At most ${MAX_LINES} different prints per order.`);
  const merged = {};
  const order = [];
  for (const item of items) {
    let id = item && typeof item.id === "string" ? item.id : "";
    if (id.indexOf("print-") === 0) id = id.slice(6);
    const q = item ? Number(item.quantity == null ? 1 : item.quantity) : NaN;
    if (!/^[a-z0-9]{1,32}$/.test(id)) throw apiError(400, "Unknown print in the cart.", { items: { code: "validation_invalid_id", message: "Invalid print id." } });
    if (!Number.isFinite(q) || Math.floor(q) !== q || q < 1 || q > MAX_QUANTITY) {
      throw apiError(400, `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`, { items: { code: "validation_invalid_quantity", message: "Invalid quantity." } });
    }
    if (!merged[id]) {
      merged[id] = 0;
      order.push(id);
    }
    merged[id] += q;
    if (merged[id] > MAX_QUANTITY) throw apiError(400, `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`);
  }
  return order.map((id) => ({ printId: id, quantity: merged[id] }));
}

function parseCurrency(c) {
  const cur = typeof c === "string" ? c.toLowerCase() : "";
  if (["eur", "sek", "usd"].indexOf(cur) < 0) throw apiError(400, "Currency must be EUR, SEK or USD.", { currency: { code: "validation_invalid_value", message: "Must be eur, sek or usd." } });
  return cur;
}

/**
 * Ends a still-pending order with `status` (failed, expired, …) and releases its holds.
 * The one place holds go back to stock; returns false when the order was not pending.
 */
function abandon(orderId, status) {
  let released = false;
  $app.runInTransaction((txApp) => {
    const order = txApp.findRecordById("orders", orderId);
    if (order.getString("status") !== "pending") return;
    order.set("status", status);
    txApp.save(order);
    const touched = {};
    for (const h of txApp.findRecordsByFilter("stock_holds", "order_id = {:o} && status = 'open'", "", 0, 0, { o: orderId })) {
      h.set("status", "released");
      txApp.save(h);
      touched[h.getString("print_id")] = true;
    }
    for (const pid of Object.keys(touched)) recomputeAvailable(txApp, txApp.findRecordById("prints", pid));
    released = true;
  });
  return released;
}

function lineItem(item, imageUrl) {
  const product = { name: item.title };
  if (imageUrl) product.images = [imageUrl];
  product.metadata = { type: item.type, id: item.id };
  return { price_data: { currency: item.currency, unit_amount: item.unit_amount, product_data: product }, quantity: item.quantity };
}

/** Opens the Stripe session for a recorded pending order; on failure releases and throws 502. */
function openSession(order, lineItems, opts) {
  const stripe = require(`${__hooks}/lib/stripe.js`);
  const site = require(`${__hooks}/lib/mailer.js`).siteUrl();
  const params = {
    mode: "payment",
    line_items: lineItems,
    success_url: `${site}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${site}/payment-canceled`,
    client_reference_id: order.id,
    metadata: opts.metadata,
    expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
  };
  if (opts.email) params.customer_email = opts.email;
  if (opts.shipping) params.shipping_address_collection = { allowed_countries: SHIPPING_COUNTRIES };
  if (opts.kind === "print") params.payment_intent_data = { metadata: opts.metadata };
  let session;
  try {
    session = stripe.createCheckoutSession(params, `create-${order.id}`);
  } catch (err) {
    abandon(order.id, "failed");
    $app.logger().error("stripe checkout create failed", "order", order.id, "status", err.stripeStatus, "error", String(err.message));
    throw apiError(502, err.stripeStatus ? `The payment provider refused the checkout: ${err.message}` : "The payment provider could not be reached. Please try again.");
  }
  if (!session?.id || !session.url) {
    abandon(order.id, "failed");
    throw apiError(502, "No checkout URL received");
  }
  $app.runInTransaction((txApp) => {
    const o = txApp.findRecordById("orders", order.id);
    o.set("stripe_session_id", session.id);
    txApp.save(o);
  });
  return { url: session.url, sessionId: session.id, orderId: order.id };
}

function requireConfigured() {
  if (!require(`${__hooks}/lib/stripe.js`).configured()) {
    throw apiError(503, "Payments are not configured on this site yet. Please contact the studio to order.");
  }
}

/** body: {items:[{id, quantity}], currency, customerEmail?}; auth: optional user record. */
function createPrintCheckout(body, auth) {
  requireConfigured();
  const pricing = require(`${__hooks}/lib/pricing.js`);
  const wanted = parsePrintItems(body.items);
  const currency = parseCurrency(body.currency);
  const email = validEmail(body.customerEmail) || (auth ? auth.getString("email") : "");
  const rates = currentRates($app);

  // Validate ids and compute prices outside the write lock.
  const lines = [];
  for (const w of wanted) {
    let print = null;
    try {
      print = $app.findRecordById("prints", w.printId);
    } catch (_) {}
    if (!print?.getBool("is_active")) throw apiError(404, "One of the prints in your cart is no longer available.", { items: { code: "not_found", message: w.printId } });
    const unit = pricing.unitAmount({
      price_cents: print.getInt("price_cents"),
      price_cents_eur: print.getInt("price_cents_eur"),
      price_cents_usd: print.getInt("price_cents_usd"),
    }, currency, rates);
    if (unit <= 0) throw apiError(404, `"${print.getString("title")}" is not for sale.`);
    lines.push({ print: print, quantity: w.quantity, item: { type: "print", id: print.id, slug: print.getString("slug"), title: print.getString("title"), quantity: w.quantity, unit_amount: unit, currency: currency } });
  }

  // Stock check and hold in one transaction: SQLite has a single writer, so no two
  // buyers can both see the same last copies. No HTTP in here.
  let shortage = null;
  let order = null;
  $app.runInTransaction((txApp) => {
    for (const l of lines) {
      const p = txApp.findRecordById("prints", l.print.id);
      const remaining = Math.max(0, p.getInt("edition_size") - p.getInt("sold") - heldQuantity(txApp, p.id));
      if (l.quantity > remaining) {
        shortage = { title: p.getString("title"), remaining: remaining };
        return;
      }
    }
    order = new Record(txApp.findCollectionByNameOrId("orders"));
    order.set("kind", "print");
    order.set("status", "pending");
    order.set("currency", currency);
    order.set("email", email);
    if (auth) order.set("user_id", auth.id);
    order.set("items", lines.map((l) => l.item));
    order.set("amount_total", lines.reduce((s, l) => s + l.item.unit_amount * l.quantity, 0));
    txApp.save(order);
    for (const l of lines) {
      const h = new Record(txApp.findCollectionByNameOrId("stock_holds"));
      h.set("print_id", l.print.id);
      h.set("order_id", order.id);
      h.set("quantity", l.quantity);
      h.set("status", "open");
      h.set("expires_at", nowIso(SESSION_SECONDS + HOLD_GRACE_SECONDS));
      txApp.save(h);
      recomputeAvailable(txApp, txApp.findRecordById("prints", l.print.id));
    }
  });
  if (shortage) {
    const msg = shortage.remaining === 0 ? `"${shortage.title}" is sold out` : `Only ${shortage.remaining} left of "${shortage.title}"`;
    throw apiError(409, msg, { items: { code: "sold_out", message: msg, remaining: shortage.remaining } });
  }

  const lineItems = lines.map((l) => lineItem(l.item, fileUrl(l.print, "main_image", "800x0") || fileUrl(l.print, "cover_image", "800x0")));
  return openSession(order, lineItems, { kind: "print", email: email, shipping: true, metadata: { order_id: order.id, kind: "print" } });
}

/** body: {courseSlug, customerEmail?}; auth: the signed-in user (required). */
function createCourseCheckout(body, auth) {
  if (auth?.collection().name !== "users") throw apiError(401, "Please sign in to enroll.");
  requireConfigured();
  const slug = typeof body.courseSlug === "string" ? body.courseSlug : "";
  let course = null;
  try {
    course = $app.findFirstRecordByFilter("courses", "slug = {:s} && is_published = true", { s: slug });
  } catch (_) {}
  if (!course) throw apiError(404, "The requested course could not be found.");
  if ($app.findRecordsByFilter("course_enrollments", "user_id = {:u} && course_id = {:c}", "", 1, 0, { u: auth.id, c: course.id }).length > 0) {
    throw apiError(409, "You are already enrolled in this course.");
  }
  const currency = (course.getString("currency") || "usd").toLowerCase();
  const unit = course.getInt("price_cents");
  if (unit <= 0) throw apiError(400, "This course has no price set.");
  const item = { type: "course", id: course.id, slug: course.getString("slug"), title: course.getString("title"), quantity: 1, unit_amount: unit, currency: currency };
  const email = auth.getString("email") || validEmail(body.customerEmail);
  let order = null;
  $app.runInTransaction((txApp) => {
    order = new Record(txApp.findCollectionByNameOrId("orders"));
    order.set("kind", "course");
    order.set("status", "pending");
    order.set("currency", currency);
    order.set("email", email);
    order.set("user_id", auth.id);
    order.set("items", [item]);
    order.set("amount_total", unit);
    txApp.save(order);
  });
  return openSession(order, [lineItem(item, fileUrl(course, "cover_image", "800x0"))], {
    kind: "course",
    email: email,
    shipping: false,
    metadata: { order_id: order.id, kind: "course", user_id: auth.id, course_id: course.id },
  });
}

module.exports = { fillAvailable, openHeld, createPrintCheckout, createCourseCheckout, recomputeAvailable, heldQuantity, abandon, nowIso, HOLD_MINUTES };
