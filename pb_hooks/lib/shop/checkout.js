// create-payment for prints and for the course: validates ids and quantities, prices
// everything from the database, holds print stock atomically, records a pending order and
// opens a Stripe Checkout Session. The browser's titles and prices are never used.
//
// A drop's crowd: the stock gate (lib/shop/stock-gate.js) answers "sold out" from memory, so only
// buyers who can still win wait for SQLite's single writer; the hold transaction re-checks
// the database and runs a handful of statements; Stripe is called after it commits.
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

const HOLD_MINUTES = 30;
// Stripe needs expires_at >= 30 min after it receives the request: leave a margin.
const SESSION_SECONDS = HOLD_MINUTES * 60 + 60;
// Holds outlive their session a little, so a payment completed in the last second
// still finds its stock.
const HOLD_GRACE_SECONDS = 5 * 60;
// A course order still without a session after this long never reached Stripe.
const OPENING_SECONDS = 60;
// Caps against hoarding a limited edition (README "Shop caps"); copies per order: checkout-input.js.
const MAX_HELD_PER_EMAIL = 2;
const MAX_HELD_PER_IP = 4;
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

const { apiError, parsePrintItems, parseCurrency, shortageMessage, MAX_COPIES_PER_ORDER } = require(
  `${__hooks}/lib/shop/checkout-input.js`,
);

function nowIso(offsetSeconds) {
  return new Date(Date.now() + (offsetSeconds || 0) * 1000).toISOString().replace("T", " ");
}

/** PocketBase's "2026-11-24 10:00:00.000Z" → epoch ms (0 when empty or invalid). */
function parseDate(s) {
  const t = s ? Date.parse(String(s).replace(" ", "T")) : NaN;
  return Number.isFinite(t) ? t : 0;
}

function currentRates(app) {
  const rates = {};
  try {
    for (const r of app.findRecordsByFilter(Collections.ExchangeRates, "base = 'EUR'", "", 10, 0)) {
      rates[r.getString("currency").toLowerCase()] = r.getFloat("rate");
    }
  } catch (_) {}
  return require(`${__hooks}/lib/shop/pricing.js`).normalizeRates(rates);
}

function fileUrl(record, field, thumb) {
  const name = record.getString(field);
  if (!name) return "";
  const mailer = require(`${__hooks}/lib/mail/mailer.js`);
  return `${mailer.siteUrl()}/api/files/${record.collection().id}/${record.id}/${encodeURIComponent(name)}${thumb ? `?thumb=${thumb}` : ""}`;
}

function validEmail(v) {
  return typeof v === "string" && v.length <= 254 && require(`${__hooks}/lib/http/validate.js`).EMAIL_RE.test(v)
    ? v.toLowerCase()
    : "";
}

// ---- stock, read with one statement (inside a transaction: exact; outside: a snapshot) ----

/**
 * A print's stock: edition, sold and the copies in open holds that have not lapsed (a
 * lapsed hold is free stock even before the sweep marks it released). null if no print.
 */
function stockOf(app, printId) {
  const row = new DynamicModel({ edition_size: 0, sold: 0, title: "", is_active: false, held: 0, next_expiry: "" });
  try {
    app
      .db()
      .newQuery(
        "SELECT p.edition_size AS edition_size, p.sold AS sold, p.title AS title, p.is_active AS is_active, " +
          `(SELECT COALESCE(SUM(h.quantity), 0) FROM ${Collections.StockHolds} h WHERE h.print_id = p.id AND h.status = 'open' AND (h.expires_at = '' OR h.expires_at > {:now})) AS held, ` +
          `(SELECT COALESCE(MIN(h.expires_at), '') FROM ${Collections.StockHolds} h WHERE h.print_id = p.id AND h.status = 'open' AND h.expires_at > {:now}) AS next_expiry ` +
          `FROM ${Collections.Prints} p WHERE p.id = {:id}`,
      )
      .bind({ id: printId, now: nowIso(0) })
      .one(row);
  } catch (_) {
    return null;
  }
  return {
    id: printId,
    edition: row.edition_size,
    sold: row.sold,
    held: row.held,
    title: row.title,
    active: !!row.is_active,
    nextExpiry: parseDate(row.next_expiry),
  };
}

function remainingOf(stock) {
  return Math.max(0, stock.edition - stock.sold - stock.held);
}

function gateSnapshot(stock) {
  const gate = require(`${__hooks}/lib/shop/stock-gate.js`);
  return {
    left: remainingOf(stock),
    until: gate.validUntil(Date.now(), stock.nextExpiry),
    title: stock.title,
    active: stock.active,
  };
}

/**
 * Writes prints.available (edition − sold − open holds) without a record save: no record
 * hooks, and no chance of writing back a stale `sold` read earlier. Inside a transaction.
 */
function writeAvailable(txApp, stock) {
  txApp
    .db()
    .newQuery(`UPDATE ${Collections.Prints} SET available = {:a} WHERE id = {:id}`)
    .bind({ a: remainingOf(stock), id: stock.id })
    .execute();
}

/** Copies of a print held in open, unlapsed checkouts by an email or an IP. Inside a tx. */
function heldBy(txApp, printId, column, value) {
  if (!value) return 0;
  const row = new DynamicModel({ n: 0 });
  txApp
    .db()
    .newQuery(
      `SELECT COALESCE(SUM(h.quantity), 0) AS n FROM ${Collections.StockHolds} h JOIN ${Collections.Orders} o ON o.id = h.order_id WHERE h.print_id = {:p} AND h.status = 'open' AND h.expires_at > {:now} AND o.status = 'pending' AND o.${column} = {:v}`,
    )
    .bind({ p: printId, now: nowIso(0), v: value })
    .one(row);
  return row.n;
}

/** The stock hooks and fulfilment use after changing holds or sales: exact, inside a tx. */
function refreshAvailable(txApp, printId) {
  const stock = stockOf(txApp, printId);
  if (stock) writeAvailable(txApp, stock);
  return stock;
}

/** Marks the gate entries of these prints stale. Call after the change committed. */
function invalidateGate(printIds) {
  const gate = require(`${__hooks}/lib/shop/stock-gate.js`);
  for (const id of printIds) gate.invalidate($app.store(), id);
}

/**
 * Invalidates and reloads at once: after the artist saves a print (say, activates it for a
 * drop) the entry is ready before the crowd, instead of every early buyer reading it.
 */
function reloadGate(printId) {
  const gate = require(`${__hooks}/lib/shop/stock-gate.js`);
  const store = $app.store();
  gate.invalidate(store, printId);
  const r = gate.claim(store, printId, 0, Date.now());
  const stock = stockOf($app, printId);
  if (r.result === "stale" && stock) gate.load(store, printId, gateSnapshot(stock), r.epoch);
}

// ---- releasing ----

/**
 * Ends a still-pending order with `status` (failed, expired, canceled) and releases its
 * holds. The one place holds go back to stock; returns false when the order was not pending.
 */
function abandon(orderId, status) {
  let released = false;
  const touched = {};
  $app.runInTransaction((txApp) => {
    const order = txApp.findRecordById(Collections.Orders, orderId);
    if (order.getString("status") !== "pending") return;
    order.set("status", status);
    txApp.save(order);
    for (const h of txApp.findRecordsByFilter(Collections.StockHolds, "order_id = {:o} && status = 'open'", "", 0, 0, {
      o: orderId,
    })) {
      h.set("status", "released");
      txApp.save(h);
      touched[h.getString("print_id")] = true;
    }
    for (const pid of Object.keys(touched)) refreshAvailable(txApp, pid);
    released = true;
  });
  invalidateGate(Object.keys(touched));
  return released;
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
  const stripe = require(`${__hooks}/lib/shop/stripe.js`);
  const site = require(`${__hooks}/lib/mail/mailer.js`).siteUrl();
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
    $app
      .logger()
      .error(
        "stripe checkout create failed",
        "order",
        order.id,
        "status",
        err?.stripeStatus,
        "error",
        String(err?.message ?? err),
      );
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
  if (!require(`${__hooks}/lib/shop/stripe.js`).configured()) {
    throw apiError(503, "Payments are not configured on this site yet. Please contact the studio to order.");
  }
}

// ---- prints ----

/**
 * Takes gate tickets for every line, reloading stale entries from the database. Returns
 * the claims, or throws 404/409 (after giving back what it took).
 */
function claimTickets(wanted) {
  const gate = require(`${__hooks}/lib/shop/stock-gate.js`);
  const store = $app.store();
  const claims = [];
  const giveBackAll = () => {
    for (const c of claims) gate.giveBack(store, c.printId, c.quantity);
  };
  for (const w of wanted) {
    let r = null;
    for (let attempt = 0; attempt < 5; attempt++) {
      r = gate.claim(store, w.printId, w.quantity, Date.now());
      if (r.result !== "stale") break;
      const stock = stockOf($app, w.printId);
      if (!stock) {
        r = { result: "inactive" };
        break;
      }
      gate.load(store, w.printId, gateSnapshot(stock), r.epoch);
    }
    if (r.result === "ok") {
      claims.push({ printId: w.printId, quantity: w.quantity });
      continue;
    }
    giveBackAll();
    if (r.result === "short") {
      throw apiError(409, shortageMessage(r.title, r.left), "items", "sold_out");
    }
    if (r.result === "inactive")
      throw apiError(404, "One of the prints in your cart is no longer available.", "items", "not_found");
    // Reloads kept losing to concurrent changes: rare, and safe to retry.
    throw apiError(503, "The shop is very busy right now. Please try again in a moment.");
  }
  return claims;
}

/**
 * body: {items:[{id, quantity}], currency, customerEmail?}; auth: optional user record;
 * visitor: {ip}; prof: optional timing probe (lib/shop/profile.js).
 */
function createPrintCheckout(body, auth, visitor, prof) {
  requireConfigured();
  const wanted = parsePrintItems(body.items);
  const currency = parseCurrency(body.currency);

  // Most of a crowd stops here, answered from memory.
  const claims = claimTickets(wanted);
  if (prof) prof.mark("gate");
  const gate = require(`${__hooks}/lib/shop/stock-gate.js`);
  const pricing = require(`${__hooks}/lib/shop/pricing.js`);
  const email = validEmail(body.customerEmail) || (auth ? auth.getString("email").toLowerCase() : "");
  const ip = visitor?.ip || "";
  let settled = false;
  let order = null;
  let refusal = null;
  const lines = [];
  try {
    const rates = currentRates($app);
    for (const w of wanted) {
      let print = null;
      try {
        print = $app.findRecordById(Collections.Prints, w.printId);
      } catch (_) {}
      if (!print?.getBool("is_active"))
        throw apiError(404, "One of the prints in your cart is no longer available.", "items", "not_found");
      const unit = pricing.unitAmount(
        {
          price_cents: print.getInt("price_cents"),
          price_cents_eur: print.getInt("price_cents_eur"),
          price_cents_usd: print.getInt("price_cents_usd"),
        },
        currency,
        rates,
      );
      if (unit <= 0) throw apiError(404, `"${print.getString("title")}" is not for sale.`, "items", "not_found");
      lines.push({
        print: print,
        quantity: w.quantity,
        item: {
          type: "print",
          id: print.id,
          slug: print.getString("slug"),
          title: print.getString("title"),
          quantity: w.quantity,
          unit_amount: unit,
          currency: currency,
        },
      });
    }
    if (prof) prof.mark("prepare");

    // The hold: check the database (the gate only decided who may try), the caps, then
    // write the order and its holds. SQLite's single writer serializes buyers. No HTTP here.
    $app.runInTransaction((txApp) => {
      if (prof) prof.mark("txWait");
      const stocks = lines.map((l) => stockOf(txApp, l.print.id));
      for (let i = 0; i < lines.length && !refusal; i++) {
        const l = lines[i];
        const s = stocks[i];
        if (!s) {
          refusal = apiError(404, "One of the prints in your cart is no longer available.", "items", "not_found");
          break;
        }
        const left = remainingOf(s);
        if (l.quantity > left) {
          refusal = apiError(409, shortageMessage(s.title, left), "items", "sold_out");
        } else if (email && heldBy(txApp, s.id, "email", email) + l.quantity > MAX_HELD_PER_EMAIL) {
          refusal = apiError(
            429,
            `You already hold ${MAX_HELD_PER_EMAIL} copies of "${s.title}" in an open checkout. Complete or cancel it first.`,
            "items",
            "max_held",
          );
        } else if (ip && heldBy(txApp, s.id, "client_ip", ip) + l.quantity > MAX_HELD_PER_IP) {
          refusal = apiError(
            429,
            `Too many copies of "${s.title}" are held in open checkouts from your network. Complete or cancel one first.`,
            "items",
            "max_held",
          );
        }
      }
      if (prof) prof.mark("txCheck");
      if (!refusal) {
        order = new Record(txApp.findCollectionByNameOrId(Collections.Orders));
        order.set("kind", "print");
        order.set("status", "pending");
        order.set("currency", currency);
        order.set("email", email);
        order.set("client_ip", ip);
        if (auth) order.set("user_id", auth.id);
        order.set(
          "items",
          lines.map((l) => l.item),
        );
        order.set(
          "amount_total",
          lines.reduce((s, l) => s + l.item.unit_amount * l.quantity, 0),
        );
        txApp.saveNoValidate(order);
        const holds = txApp.findCollectionByNameOrId(Collections.StockHolds);
        for (let i = 0; i < lines.length; i++) {
          const h = new Record(holds);
          h.set("print_id", lines[i].print.id);
          h.set("order_id", order.id);
          h.set("quantity", lines[i].quantity);
          h.set("status", "open");
          h.set("expires_at", nowIso(SESSION_SECONDS + HOLD_GRACE_SECONDS));
          txApp.saveNoValidate(h);
          stocks[i].held += lines[i].quantity;
          writeAvailable(txApp, stocks[i]);
        }
        if (prof) prof.mark("txWrite");
      }
      // Last statement: the gate learns the exact remaining stock from inside the writer.
      for (let i = 0; i < lines.length; i++) {
        if (stocks[i]) gate.settle($app.store(), lines[i].print.id, lines[i].quantity, gateSnapshot(stocks[i]));
        else gate.giveBack($app.store(), lines[i].print.id, lines[i].quantity);
      }
      settled = true;
    });
    if (prof) prof.mark("txCommit");
  } catch (err) {
    if (settled) {
      // The transaction failed after settling: the entry counts a hold that never committed.
      invalidateGate(claims.map((c) => c.printId));
    } else {
      for (const c of claims) gate.giveBack($app.store(), c.printId, c.quantity);
    }
    throw err;
  }
  if (refusal) throw refusal;

  let lineItems;
  try {
    lineItems = lines.map((l) =>
      lineItem(l.item, fileUrl(l.print, "main_image", "800x0") || fileUrl(l.print, "cover_image", "800x0")),
    );
  } catch (err) {
    abandon(order.id, "failed");
    throw err;
  }
  return openSession(order, lineItems, {
    kind: "print",
    email: email,
    shipping: true,
    metadata: { order_id: order.id, kind: "print" },
    prof: prof,
  });
}

// ---- course ----

/**
 * An open course checkout of this learner for this course, reused instead of a second
 * charge. Returns {url, sessionId, orderId} while Stripe says the session is open; ends the
 * order when the session expired; fulfils it when it was paid meanwhile.
 */
function reuseCourseCheckout(order) {
  const stripe = require(`${__hooks}/lib/shop/stripe.js`);
  const sessionId = order.getString("stripe_session_id");
  if (!sessionId) return null;
  let session;
  try {
    session = stripe.retrieveCheckoutSession(sessionId);
  } catch (err) {
    throw stripeFailure(err);
  }
  if (session.status === "open" && session.url)
    return { url: session.url, sessionId: session.id, orderId: order.id, reused: true };
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
    require(`${__hooks}/lib/shop/fulfil.js`).fulfil(sessionId, session);
    throw apiError(409, "You are already enrolled in this course.");
  }
  if (session.status === "complete") {
    // A delayed payment is on its way: paying again would charge twice.
    throw apiError(409, "Your payment for this course is being processed. You will get an email when it is confirmed.");
  }
  abandon(order.id, "expired");
  return null;
}

/** body: {courseSlug, customerEmail?}; auth: the signed-in user (required). */
function createCourseCheckout(body, auth) {
  if (auth?.collection().name !== Collections.Users) throw apiError(401, "Please sign in to enroll.");
  requireConfigured();
  const slug = typeof body.courseSlug === "string" ? body.courseSlug : "";
  let course = null;
  try {
    course = $app.findFirstRecordByFilter(Collections.Courses, "slug = {:s} && is_published = true", { s: slug });
  } catch (_) {}
  if (!course) throw apiError(404, "The requested course could not be found.");
  const enrolled = () =>
    $app.findRecordsByFilter(Collections.CourseEnrollments, "user_id = {:u} && course_id = {:c}", "", 1, 0, {
      u: auth.id,
      c: course.id,
    }).length > 0;
  if (enrolled()) throw apiError(409, "You are already enrolled in this course.");
  const currency = (course.getString("currency") || "usd").toLowerCase();
  const unit = course.getInt("price_cents");
  if (unit <= 0) throw apiError(400, "This course has no price set.");
  const item = {
    type: "course",
    id: course.id,
    slug: course.getString("slug"),
    title: course.getString("title"),
    quantity: 1,
    unit_amount: unit,
    currency: currency,
  };
  const email = auth.getString("email") || validEmail(body.customerEmail);

  // One open checkout per learner and course: a second "Continue Course" gets the first.
  for (let attempt = 0; attempt < 2; attempt++) {
    let open = null;
    let order = null;
    $app.runInTransaction((txApp) => {
      const found = txApp.findRecordsByFilter(
        Collections.Orders,
        "kind = 'course' && status = 'pending' && user_id = {:u}",
        "-created",
        10,
        0,
        { u: auth.id },
      );
      open = found.find((o) => jsonItems(o)[0]?.id === course.id) || null;
      if (open) return;
      order = new Record(txApp.findCollectionByNameOrId(Collections.Orders));
      order.set("kind", "course");
      order.set("status", "pending");
      order.set("currency", currency);
      order.set("email", email);
      order.set("user_id", auth.id);
      order.set("items", [item]);
      order.set("amount_total", unit);
      txApp.save(order);
    });
    if (order) {
      return openSession(order, [lineItem(item, fileUrl(course, "cover_image", "800x0"))], {
        kind: "course",
        email: email,
        shipping: false,
        metadata: { order_id: order.id, kind: "course", user_id: auth.id, course_id: course.id },
      });
    }
    if (!open.getString("stripe_session_id")) {
      // Another request is opening it right now, unless it never got that far.
      if (Date.now() - parseDate(open.getString("created")) < OPENING_SECONDS * 1000) {
        throw apiError(409, "Your checkout is being opened in another tab. Please wait a moment and try again.");
      }
      abandon(open.id, "failed");
      continue;
    }
    const reused = reuseCourseCheckout(open);
    if (reused) return reused;
    if (enrolled()) throw apiError(409, "You are already enrolled in this course.");
  }
  throw apiError(409, "Your checkout is being opened in another tab. Please wait a moment and try again.");
}

function jsonItems(order) {
  try {
    const v = JSON.parse(order.getString("items") || "[]");
    return Array.isArray(v) ? v : [];
  } catch (_) {
    return [];
  }
}

module.exports = {
  createPrintCheckout,
  createCourseCheckout,
  abandon,
  stockOf,
  remainingOf,
  refreshAvailable,
  invalidateGate,
  reloadGate,
  writeAvailable,
  parseDate,
  nowIso,
  HOLD_MINUTES,
  MAX_COPIES_PER_ORDER,
  MAX_HELD_PER_EMAIL,
  MAX_HELD_PER_IP,
};
