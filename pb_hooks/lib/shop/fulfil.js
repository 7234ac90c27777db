// fulfil(sessionId): the one idempotent fulfilment, called by the webhook and by
// verify-payment, possibly at the same time for the same session. The paid transition
// happens inside a transaction that re-reads the order, so only one caller performs it;
// each email is "claimed" in its own transaction before sending, so it goes out once.
//
// A session is matched to an order only by the order id the server wrote into its
// metadata, and only when Stripe charged exactly the order's amount and currency. A payment
// that arrives after its hold lapsed and the edition sold out (a delayed method) is not a
// sale: the order becomes needs_refund, both sides are mailed, and the payment is refunded
// through Stripe. Also: release(orderId) for expired/canceled checkouts, and the sweep.
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { escapeHtml } = require(`${__hooks}/lib/http/html.js`);
const { siteUrl } = require(`${__hooks}/lib/site/urls.js`);
const { nowIso } = require(`${__hooks}/lib/records/dates.js`);
const { jsonArray, jsonField } = require(`${__hooks}/lib/records/json.js`);

// Statuses a payment has already been recorded for (and the artist's steps after it).
const DONE = ["paid", "shipped", "delivered", "refund_requested", "needs_refund", "refunded", "amount_mismatch"];

/** The order whose id the server put in the session's metadata (never client_reference_id). */
function findOrderForSession(app, session) {
  const ref = session?.metadata?.order_id || "";
  if (!/^[a-z0-9]{15}$/.test(ref)) return null;
  let order;
  try {
    order = app.findRecordById(Collections.Orders, ref);
  } catch (_) {
    return null;
  }
  const known = order.getString("stripe_session_id");
  if (known && known !== session.id) {
    app.logger().warn("session metadata names an order of another session", "session", session.id, "order", order.id);
    return null;
  }
  return order;
}

function shippingOf(session) {
  const s = session.collected_information?.shipping_details || session.shipping_details || null;
  return s && typeof s === "object" ? s : null;
}

function paymentIntentOf(session) {
  return typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id || "";
}

/** Resolves the buyer of a course order: the order's user, the session metadata, else by email. */
function courseBuyer(txApp, order, session) {
  for (const id of [order.getString("user_id"), session.metadata?.user_id]) {
    if (!id) continue;
    try {
      return txApp.findRecordById(Collections.Users, id);
    } catch (_) {}
  }
  const email = order.getString("email") || session.customer_details?.email || "";
  if (email) {
    try {
      return txApp.findAuthRecordByEmail(Collections.Users, email);
    } catch (_) {}
  }
  return null;
}

function recordPayment(order, session) {
  order.set("paid_at", nowIso());
  if (!order.getString("stripe_session_id")) order.set("stripe_session_id", session.id);
  const pi = paymentIntentOf(session);
  if (pi) order.set("stripe_payment_intent", pi);
  const buyerEmail = session.customer_details?.email;
  if (!order.getString("email") && buyerEmail) order.set("email", buyerEmail);
  const ship = shippingOf(session);
  if (ship) order.set("shipping", ship);
}

/** Print order: consumes its holds as numbered copies, or finds a copy it can no longer get. */
function fulfilPrint(txApp, order, touched) {
  const printStock = require(`${__hooks}/lib/shop/stock.js`);
  const now = nowIso();
  const holds = txApp.findRecordsByFilter(Collections.StockHolds, "order_id = {:o}", "created", 0, 0, { o: order.id });
  // A hold still open and not lapsed is this buyer's copy. A released or lapsed one is
  // sold only if the edition still has the copies (counted without it).
  const need = {};
  for (const h of holds) {
    const status = h.getString("status");
    const lapsed =
      status === "released" ||
      (status === "open" && h.getString("expires_at") !== "" && h.getString("expires_at") <= now);
    if (lapsed) need[h.getString("print_id")] = (need[h.getString("print_id")] || 0) + h.getInt("quantity");
  }
  for (const pid of Object.keys(need)) {
    const stock = printStock.stockOf(txApp, pid);
    if (!stock || printStock.remainingOf(stock) < need[pid]) {
      return `paid after its hold lapsed, and "${stock ? stock.title : pid}" has no copy left for it`;
    }
  }
  const items = jsonArray(order, "items");
  for (const h of holds) {
    if (h.getString("status") === "consumed") continue;
    const pid = h.getString("print_id");
    const q = h.getInt("quantity");
    const row = new DynamicModel({ sold: 0 });
    txApp.db().newQuery(`SELECT sold FROM ${Collections.Prints} WHERE id = {:id}`).bind({ id: pid }).one(row);
    // the lowest free numbers: sold + 1, … unless copies came back (lib/shop/certificates.js)
    const numbers = require(`${__hooks}/lib/shop/certificates.js`).freeNumbers(txApp, pid, row.sold, q);
    h.set("status", "consumed");
    h.set("edition_numbers", numbers);
    txApp.saveNoValidate(h);
    // A relative update: `sold` only ever grows, whatever else saved the print meanwhile.
    txApp
      .db()
      .newQuery(`UPDATE ${Collections.Prints} SET sold = sold + {:q} WHERE id = {:id}`)
      .bind({ q: q, id: pid })
      .execute();
    printStock.refreshAvailable(txApp, pid);
    touched[pid] = true;
    for (const it of items) if (it.id === pid) it.edition_numbers = (it.edition_numbers || []).concat(numbers);
  }
  order.set("items", items);
  return "";
}

/** Course order: enrols the buyer, unless they are enrolled already (a second payment). */
function fulfilCourse(txApp, order, session) {
  const user = courseBuyer(txApp, order, session);
  const items = jsonArray(order, "items");
  const courseId = session.metadata?.course_id || items[0]?.id;
  if (!user || !courseId) {
    $app.logger().error("paid course order without a buyer account", "order", order.id);
    return "";
  }
  if (!order.getString("user_id")) order.set("user_id", user.id);
  const existing = txApp.findRecordsByFilter(
    Collections.CourseEnrollments,
    "user_id = {:u} && course_id = {:c}",
    "",
    1,
    0,
    { u: user.id, c: courseId },
  );
  if (existing.length) return "paid for a course the learner is already enrolled in";
  const en = new Record(txApp.findCollectionByNameOrId(Collections.CourseEnrollments));
  en.set("user_id", user.id);
  en.set("course_id", courseId);
  en.set("enrolled_at", nowIso());
  en.set("order_id", order.id);
  en.set("source", "purchase");
  txApp.save(en);
  return "";
}

/**
 * The paid transition. Returns the resulting status when this call performed it
 * ("paid" or "needs_refund"), or "" when another caller already did.
 */
function markPaid(orderId, session) {
  const printStock = require(`${__hooks}/lib/shop/stock.js`);
  let outcome = "";
  const touched = {};
  $app.runInTransaction((txApp) => {
    const order = txApp.findRecordById(Collections.Orders, orderId);
    if (DONE.indexOf(order.getString("status")) >= 0) return;
    recordPayment(order, session);
    const problem =
      order.getString("kind") === "print" ? fulfilPrint(txApp, order, touched) : fulfilCourse(txApp, order, session);
    if (problem) {
      order.set("status", "needs_refund");
      order.set("problem", problem);
      // Whatever it still held goes back: this order will not be shipped.
      for (const h of txApp.findRecordsByFilter(
        Collections.StockHolds,
        "order_id = {:o} && status = 'open'",
        "",
        0,
        0,
        { o: order.id },
      )) {
        h.set("status", "released");
        txApp.saveNoValidate(h);
        touched[h.getString("print_id")] = true;
      }
      for (const pid of Object.keys(touched)) printStock.refreshAvailable(txApp, pid);
    } else {
      order.set("status", "paid");
      order.set("fulfilled_at", nowIso());
    }
    txApp.save(order);
    // one certificate of authenticity per copy, numbered like the copy
    if (!problem && order.getString("kind") === "print")
      require(`${__hooks}/lib/shop/certificates.js`).issueForOrder(txApp, order.id, order.getString("paid_at"));
    outcome = problem ? "needs_refund" : "paid";
  });
  printStock.invalidateGate(Object.keys(touched));
  return outcome;
}

/** Stripe charged something other than the order: record it, release, fulfil nothing. */
function markMismatch(orderId, session) {
  let performed = false;
  const printStock = require(`${__hooks}/lib/shop/stock.js`);
  const touched = {};
  $app.runInTransaction((txApp) => {
    const order = txApp.findRecordById(Collections.Orders, orderId);
    if (DONE.indexOf(order.getString("status")) >= 0) return;
    recordPayment(order, session);
    order.set("status", "amount_mismatch");
    order.set(
      "problem",
      `Stripe charged ${session.amount_total} ${String(session.currency || "?").toUpperCase()} for session ${session.id}; the order is ${order.getInt("amount_total")} ${order.getString("currency").toUpperCase()}`.slice(
        0,
        1000,
      ),
    );
    txApp.save(order);
    for (const h of txApp.findRecordsByFilter(Collections.StockHolds, "order_id = {:o} && status = 'open'", "", 0, 0, {
      o: order.id,
    })) {
      h.set("status", "released");
      txApp.saveNoValidate(h);
      touched[h.getString("print_id")] = true;
    }
    for (const pid of Object.keys(touched)) printStock.refreshAvailable(txApp, pid);
    performed = true;
  });
  printStock.invalidateGate(Object.keys(touched));
  if (performed) $app.logger().error("stripe amount does not match the order", "order", orderId, "session", session.id);
  return performed;
}

/** Refunds a needs_refund order through Stripe (when configured); records the refund. */
function refund(orderId) {
  const stripe = require(`${__hooks}/lib/shop/stripe.js`);
  const order = $app.findRecordById(Collections.Orders, orderId);
  if (order.getString("status") !== "needs_refund" || !stripe.configured()) return false;
  const pi = order.getString("stripe_payment_intent");
  if (!pi) return false;
  let result;
  try {
    result = stripe.createRefund(pi, { order_id: order.id }, `refund-${order.id}`);
  } catch (err) {
    stripe.logFailure("stripe refund failed", order.id, err);
    return false;
  }
  $app.runInTransaction((txApp) => {
    const o = txApp.findRecordById(Collections.Orders, orderId);
    if (o.getString("status") !== "needs_refund") return;
    o.set("status", "refunded");
    o.set("stripe_refund_id", String(result?.id || ""));
    o.set("refunded_at", nowIso());
    txApp.save(o);
  });
  return true;
}

/** Claims an email slot (field) on the order; returns true if this caller owns it. */
function claim(orderId, field) {
  let mine = false;
  $app.runInTransaction((txApp) => {
    const o = txApp.findRecordById(Collections.Orders, orderId);
    if (o.getString(field)) return;
    o.set(field, nowIso());
    txApp.save(o);
    mine = true;
  });
  return mine;
}

function unclaim(orderId, field) {
  $app.runInTransaction((txApp) => {
    const o = txApp.findRecordById(Collections.Orders, orderId);
    o.set(field, "");
    txApp.save(o);
  });
}

function money(cents, currency) {
  const symbol = { eur: "€", sek: "kr", usd: "$" }[currency] || currency.toUpperCase();
  const units = Math.round(cents / 100).toString();
  return currency === "sek" ? `${units} ${symbol}` : `${symbol}${units}`;
}

function itemRows(items, currency) {
  return items
    .map((it) => {
      const nums = it.edition_numbers?.length ? ` (edition no. ${it.edition_numbers.join(", ")})` : "";
      return `<tr><td style="padding:4px 0">${escapeHtml(it.title)}${escapeHtml(nums)} × ${it.quantity}</td><td style="padding:4px 0;text-align:right">${escapeHtml(money(it.unit_amount * it.quantity, currency))}</td></tr>`;
    })
    .join("");
}

/** The two messages of an order in its current state: {buyer?, artist?}. */
function messagesFor(order) {
  const items = jsonArray(order, "items");
  const currency = order.getString("currency");
  const kind = order.getString("kind");
  const status = order.getString("status");
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${itemRows(items, currency)}
<tr><td style="padding-top:8px;border-top:1px solid #ddd"><strong>Total</strong></td><td style="padding-top:8px;border-top:1px solid #ddd;text-align:right"><strong>${escapeHtml(money(order.getInt("amount_total"), currency))}</strong></td></tr></table>`;
  const shortId = order.id.slice(0, 8);
  const buyer = order.getString("email");
  const problem = escapeHtml(order.getString("problem"));
  if (status === "paid") {
    const ship = jsonField(order, "shipping");
    const after = require(`${__hooks}/lib/shop/after-sale-mail.js`);
    const certs = require(`${__hooks}/lib/shop/certificates.js`);
    const token = require(`${__hooks}/lib/shop/order-access.js`).tokenFor($app, order.id);
    const certList = $app
      .findRecordsByFilter(Collections.Certificates, "order_id = {:o}", "print_id,edition_number", 0, 0, {
        o: order.id,
      })
      .map(
        (c) =>
          `<li><a href="${siteUrl()}/api/atelier/order/${token}/certificates/${c.getString("code")}">${escapeHtml(c.getString("title"))}, ${c.getInt("edition_number")}/${c.getInt("edition_size")}</a> — code ${certs.formatCode(c.getString("code"))}</li>`,
      )
      .join("");
    const extras = `${certList ? `<p>Certificates of authenticity (PDF):</p><ul>${certList}</ul>` : ""}${after.pageLink(order)}`;
    return {
      buyer: {
        subject: kind === "course" ? "Your enrolment is confirmed" : "Your print order is confirmed",
        title: kind === "course" ? "Welcome to the course" : "Thank you for your order",
        body:
          kind === "course"
            ? `<p>Thank you for enrolling. Your course is ready in <a href="${siteUrl()}/my-courses">My courses</a>.</p>${table}<p>Order ${escapeHtml(shortId)}</p>${after.pageLink(order)}`
            : `<p>Thank you for your order. Your signed limited-edition print ships from Stockholm with free worldwide shipping (usually 2–4 weeks). Import duties and taxes may apply.</p>${table}<p>Order ${escapeHtml(shortId)}</p>${extras}`,
        kind: "order-buyer",
      },
      artist: {
        subject: `New ${kind} order ${shortId}`,
        title: `New ${kind} order`,
        body: `<p>Paid by ${escapeHtml(buyer || "unknown")}.</p>${table}${ship ? `<pre style="font-family:inherit">${escapeHtml(JSON.stringify(ship, null, 2))}</pre>` : ""}`,
        kind: "order-artist",
      },
    };
  }
  if (status === "needs_refund" || status === "refunded") {
    const refunded = status === "refunded";
    return {
      buyer: {
        subject: refunded ? "Your payment has been refunded" : "We could not complete your order",
        title: "We are sorry",
        body: `<p>Your payment arrived after ${kind === "course" ? "you were already enrolled in this course" : "the last copy of this edition was sold"}, so we cannot fulfil order ${escapeHtml(shortId)}.</p>${table}<p>${refunded ? "The full amount has been refunded to your payment method; it usually shows within 5–10 days." : "The full amount will be refunded to your payment method. We will be in touch if we need anything from you."}</p>`,
        kind: "order-refund-buyer",
      },
      artist: {
        subject: `${refunded ? "Refunded" : "Refund needed"}: order ${shortId}`,
        title: refunded ? "Order refunded" : "Order needs a refund",
        body: `<p>Order ${escapeHtml(shortId)} from ${escapeHtml(buyer || "unknown")} was ${problem || "paid but cannot be fulfilled"}.</p>${table}<p>${refunded ? `Refunded through Stripe (${escapeHtml(order.getString("stripe_refund_id"))}).` : `Refund it in the Stripe dashboard (payment ${escapeHtml(order.getString("stripe_payment_intent") || "unknown")}), then set the order to refunded.`}</p>`,
        kind: "order-refund-artist",
      },
    };
  }
  if (status === "amount_mismatch") {
    return {
      artist: {
        subject: `Check payment: order ${shortId}`,
        title: "A payment does not match its order",
        body: `<p>${problem}. Nothing was fulfilled and the order's copies went back to stock. Check the payment in the Stripe dashboard and refund or contact the buyer (${escapeHtml(buyer || "unknown")}).</p>${table}`,
        kind: "order-mismatch-artist",
      },
    };
  }
  return {};
}

function sendEmails(orderId) {
  const mailer = require(`${__hooks}/lib/mail/mailer.js`);
  const order = $app.findRecordById(Collections.Orders, orderId);
  const msgs = messagesFor(order);
  const buyer = order.getString("email");
  if (msgs.buyer && buyer && claim(orderId, "buyer_email_sent_at")) {
    const m = msgs.buyer;
    const res = mailer.send({
      to: buyer,
      subject: m.subject,
      html: mailer.layout({ title: m.title, bodyHtml: m.body }),
      kind: m.kind,
      ref: order.id,
    });
    if (!res.ok) unclaim(orderId, "buyer_email_sent_at");
  }
  const artist = $os.getenv("ARTIST_EMAIL");
  if (msgs.artist && artist && claim(orderId, "artist_email_sent_at")) {
    const m = msgs.artist;
    const res = mailer.send({
      to: artist,
      subject: m.subject,
      html: mailer.layout({ title: m.title, bodyHtml: m.body }),
      replyTo: buyer || undefined,
      kind: m.kind,
      ref: order.id,
    });
    if (!res.ok) unclaim(orderId, "artist_email_sent_at");
  }
}

/**
 * After the paid transition committed: the certificates' PDFs (slow: the renderer), and a
 * course bought again after a refund gives back the completion certificate if the learner had
 * completed it (their progress was kept).
 */
function afterPaid(orderId) {
  const certs = require(`${__hooks}/lib/shop/certificates.js`);
  const order = $app.findRecordById(Collections.Orders, orderId);
  if (order.getString("kind") === "print") {
    certs.makeOrderPdfs($app, orderId);
    return;
  }
  const items = jsonField(order, "items") || [];
  const made =
    order.getString("user_id") && items[0]
      ? certs.issueCompletion($app, order.getString("user_id"), items[0].id)
      : null;
  if (made) certs.makePdf($app, made.id);
}

/**
 * Fulfils a checkout session. `session` may be given (the verified webhook payload);
 * otherwise it is retrieved from Stripe. Returns the order record (or null if unknown).
 */
function fulfil(sessionId, session) {
  if (!session) session = require(`${__hooks}/lib/shop/stripe.js`).retrieveCheckoutSession(sessionId);
  const order = findOrderForSession($app, session);
  if (!order) {
    $app.logger().warn("no order for a Stripe session", "session", session.id);
    return null;
  }
  const ps = session.payment_status;
  if (ps === "paid" || ps === "no_payment_required") {
    const sameAmount =
      Number(session.amount_total) === order.getInt("amount_total") &&
      String(session.currency || "").toLowerCase() === order.getString("currency");
    if (sameAmount) {
      if (markPaid(order.id, session) === "paid") afterPaid(order.id);
    } else markMismatch(order.id, session);
    // Every call (webhook retries too) finishes what an earlier one could not: the refund, the mails.
    if ($app.findRecordById(Collections.Orders, order.id).getString("status") === "needs_refund") refund(order.id);
    sendEmails(order.id);
  }
  return $app.findRecordById(Collections.Orders, order.id);
}

/** Releases an unpaid order's holds and marks it (expired by default). */
function release(orderId, status) {
  return require(`${__hooks}/lib/shop/stock.js`).abandon(orderId, status || "expired");
}

function releaseSession(session, status) {
  const order = findOrderForSession($app, session);
  if (order) release(order.id, status || "expired");
  return order;
}

/** Cron: releases open holds past their expiry and marks their orders expired. */
function sweepExpiredHolds() {
  const now = nowIso();
  const orders = {};
  for (const h of $app.findRecordsByFilter(
    Collections.StockHolds,
    "status = 'open' && expires_at != '' && expires_at < {:now}",
    "",
    500,
    0,
    { now: now },
  )) {
    orders[h.getString("order_id")] = true;
  }
  let n = 0;
  for (const id of Object.keys(orders)) if (release(id, "expired")) n++;
  return n;
}

module.exports = { fulfil, release, releaseSession, sweepExpiredHolds, findOrderForSession, refund, money };
