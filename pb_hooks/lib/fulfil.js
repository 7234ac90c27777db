// fulfil(sessionId): the one idempotent fulfilment, called by the webhook and by
// verify-payment, possibly at the same time for the same session. The paid transition
// happens inside a transaction that re-reads the order, so only one caller performs it;
// each email is "claimed" in its own transaction before sending, so it goes out once.
// Also: release(orderId) for expired/canceled checkouts, and the stale-hold sweep.
// CommonJS; require inside handlers.

function nowIso() {
  return new Date().toISOString().replace("T", " ");
}

function findOrderForSession(app, session) {
  const byId = app.findRecordsByFilter("orders", "stripe_session_id = {:s}", "", 1, 0, { s: session.id });
  if (byId.length) return byId[0];
  // The webhook can in theory beat the write of the session id: fall back to our own id.
  const ref = session.client_reference_id || (session.metadata?.order_id) || "";
  if (ref && /^[a-z0-9]{15}$/.test(ref)) {
    try {
      return app.findRecordById("orders", ref);
    } catch (_) {}
  }
  return null;
}

function shippingOf(session) {
  const s = (session.collected_information?.shipping_details) || session.shipping_details || null;
  return s && typeof s === "object" ? s : null;
}

function jsonField(record, name) {
  try {
    const v = JSON.parse(record.getString(name) || "null");
    return v;
  } catch (_) {
    return null;
  }
}

/** Resolves the buyer of a course order: session metadata user id, else by email. */
function courseBuyer(txApp, order, session) {
  const ids = [order.getString("user_id"), session.metadata?.user_id];
  for (const id of ids) {
    if (!id) continue;
    try {
      return txApp.findRecordById("users", id);
    } catch (_) {}
  }
  const email = order.getString("email") || (session.customer_details?.email) || "";
  if (email) {
    try {
      return txApp.findAuthRecordByEmail("users", email);
    } catch (_) {}
  }
  return null;
}

/** The paid transition. Returns true when this call performed it. */
function markPaid(orderId, session) {
  const checkout = require(`${__hooks}/lib/checkout.js`);
  let performed = false;
  $app.runInTransaction((txApp) => {
    const order = txApp.findRecordById("orders", orderId);
    if (order.getString("status") === "paid") return;
    const previous = order.getString("status");
    order.set("status", "paid");
    order.set("paid_at", nowIso());
    if (!order.getString("stripe_session_id")) order.set("stripe_session_id", session.id);
    const pi = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (pi) order.set("stripe_payment_intent", pi);
    const buyerEmail = session.customer_details?.email;
    if (!order.getString("email") && buyerEmail) order.set("email", buyerEmail);
    const ship = shippingOf(session);
    if (ship) order.set("shipping", ship);

    if (order.getString("kind") === "print") {
      const holds = txApp.findRecordsByFilter("stock_holds", "order_id = {:o}", "created", 0, 0, { o: order.id });
      const items = jsonField(order, "items") || [];
      for (const h of holds) {
        const status = h.getString("status");
        if (status === "consumed") continue;
        if (status === "released") {
          // Paid after its hold lapsed (should not happen: holds outlive the session).
          // Sell it only if the copies are still there; otherwise flag it for the artist.
          const p = txApp.findRecordById("prints", h.getString("print_id"));
          const free = p.getInt("edition_size") - p.getInt("sold") - checkout.heldQuantity(txApp, p.id);
          if (free < h.getInt("quantity")) {
            $app.logger().error("paid order without stock", "order", order.id, "print", p.id);
            continue;
          }
        }
        const print = txApp.findRecordById("prints", h.getString("print_id"));
        const sold = print.getInt("sold");
        const numbers = [];
        for (let i = 1; i <= h.getInt("quantity"); i++) numbers.push(sold + i);
        h.set("status", "consumed");
        h.set("edition_numbers", numbers);
        txApp.save(h);
        print.set("sold", sold + h.getInt("quantity"));
        txApp.save(print);
        checkout.recomputeAvailable(txApp, print);
        for (const it of items) if (it.id === print.id) it.edition_numbers = numbers;
      }
      order.set("items", items);
    } else if (order.getString("kind") === "course") {
      const user = courseBuyer(txApp, order, session);
      const items = jsonField(order, "items") || [];
      const courseId = (session.metadata?.course_id) || (items[0]?.id);
      if (user && courseId) {
        if (!order.getString("user_id")) order.set("user_id", user.id);
        const existing = txApp.findRecordsByFilter("course_enrollments", "user_id = {:u} && course_id = {:c}", "", 1, 0, { u: user.id, c: courseId });
        if (!existing.length) {
          const en = new Record(txApp.findCollectionByNameOrId("course_enrollments"));
          en.set("user_id", user.id);
          en.set("course_id", courseId);
          en.set("enrolled_at", nowIso());
          en.set("order_id", order.id);
          en.set("source", "purchase");
          txApp.save(en);
        }
      } else {
        $app.logger().error("paid course order without a buyer account", "order", order.id, "previous", previous);
      }
    }
    order.set("fulfilled_at", nowIso());
    txApp.save(order);
    performed = true;
  });
  return performed;
}

/** Claims an email slot (field) on the order; returns true if this caller owns it. */
function claim(orderId, field) {
  let mine = false;
  $app.runInTransaction((txApp) => {
    const o = txApp.findRecordById("orders", orderId);
    if (o.getString(field)) return;
    o.set(field, nowIso());
    txApp.save(o);
    mine = true;
  });
  return mine;
}

function unclaim(orderId, field) {
  $app.runInTransaction((txApp) => {
    const o = txApp.findRecordById("orders", orderId);
    o.set(field, "");
    txApp.save(o);
  });
}

function money(cents, currency) {
  const symbol = { eur: "€", sek: "kr", usd: "$" }[currency] || currency.toUpperCase();
  const units = Math.round(cents / 100).toString();
  return currency === "sek" ? `${units} ${symbol}` : `${symbol}${units}`;
}

function itemRows(mailer, items, currency) {
  return items
    .map((it) => {
      const nums = it.edition_numbers?.length ? ` (edition no. ${it.edition_numbers.join(", ")})` : "";
      return `<tr><td style="padding:4px 0">${mailer.escapeHtml(it.title)}${mailer.escapeHtml(nums)} × ${it.quantity}</td><td style="padding:4px 0;text-align:right">${mailer.escapeHtml(money(it.unit_amount * it.quantity, currency))}</td></tr>`;
    })
    .join("");
}

function sendEmails(orderId) {
  const mailer = require(`${__hooks}/lib/mailer.js`);
  const order = $app.findRecordById("orders", orderId);
  const items = jsonField(order, "items") || [];
  const currency = order.getString("currency");
  const kind = order.getString("kind");
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${itemRows(mailer, items, currency)}
<tr><td style="padding-top:8px;border-top:1px solid #ddd"><strong>Total</strong></td><td style="padding-top:8px;border-top:1px solid #ddd;text-align:right"><strong>${mailer.escapeHtml(money(order.getInt("amount_total"), currency))}</strong></td></tr></table>`;
  const shortId = order.id.slice(0, 8);
  const buyer = order.getString("email");

  if (buyer && claim(orderId, "buyer_email_sent_at")) {
    const body = kind === "course"
      ? `<p>Thank you for enrolling. Your course is ready in <a href="${mailer.siteUrl()}/my-courses">My courses</a>.</p>${table}<p>Order ${mailer.escapeHtml(shortId)}</p>`
      : `<p>Thank you for your order. Your signed limited-edition print ships from Stockholm with free worldwide shipping (usually 2–4 weeks). Import duties and taxes may apply.</p>${table}<p>Order ${mailer.escapeHtml(shortId)}</p>`;
    const res = mailer.send({
      to: buyer,
      subject: kind === "course" ? "Your enrolment is confirmed" : "Your print order is confirmed",
      html: mailer.layout({ title: kind === "course" ? "Welcome to the course" : "Thank you for your order", bodyHtml: body }),
      kind: "order-buyer",
      ref: order.id,
    });
    if (!res.ok) unclaim(orderId, "buyer_email_sent_at");
  }
  const artist = $os.getenv("ARTIST_EMAIL");
  if (artist && claim(orderId, "artist_email_sent_at")) {
    const ship = jsonField(order, "shipping");
    const shipHtml = ship ? `<pre style="font-family:inherit">${mailer.escapeHtml(JSON.stringify(ship, null, 2))}</pre>` : "";
    const res = mailer.send({
      to: artist,
      subject: `New ${kind} order ${shortId}`,
      html: mailer.layout({ title: `New ${kind} order`, bodyHtml: `<p>Paid by ${mailer.escapeHtml(buyer || "unknown")}.</p>${table}${shipHtml}` }),
      replyTo: buyer || undefined,
      kind: "order-artist",
      ref: order.id,
    });
    if (!res.ok) unclaim(orderId, "artist_email_sent_at");
  }
}

/**
 * Fulfils a checkout session. `session` may be given (the verified webhook payload);
 * otherwise it is retrieved from Stripe. Returns the order record (or null if unknown).
 */
function fulfil(sessionId, session) {
  if (!session) session = require(`${__hooks}/lib/stripe.js`).retrieveCheckoutSession(sessionId);
  const order = findOrderForSession($app, session);
  if (!order) return null;
  const ps = session.payment_status;
  if (ps === "paid" || ps === "no_payment_required") {
    markPaid(order.id, session);
    sendEmails(order.id);
  }
  return $app.findRecordById("orders", order.id);
}

/** Releases an unpaid order's holds and marks it (expired by default). */
function release(orderId, status) {
  return require(`${__hooks}/lib/checkout.js`).abandon(orderId, status || "expired");
}

function releaseSession(session) {
  const order = findOrderForSession($app, session);
  if (order) release(order.id, "expired");
  return order;
}

/** Cron: releases open holds past their expiry and marks their orders expired. */
function sweepExpiredHolds() {
  const now = nowIso();
  const orders = {};
  for (const h of $app.findRecordsByFilter("stock_holds", "status = 'open' && expires_at != '' && expires_at < {:now}", "", 500, 0, { now: now })) {
    orders[h.getString("order_id")] = true;
  }
  let n = 0;
  for (const id of Object.keys(orders)) if (release(id, "expired")) n++;
  return n;
}

module.exports = { fulfil, release, releaseSession, sweepExpiredHolds, findOrderForSession };
