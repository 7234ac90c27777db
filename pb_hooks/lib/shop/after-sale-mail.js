// The mails after a sale: shipped, delivered, refunded (full or partial) to buyer and artist,
// a dispute to the artist and the buyer, and how it ended to the artist. Each is claimed before it is sent with an UPDATE of its own
// column that succeeds once (so a repeated webhook or a second save never mails twice), and
// released when the send failed so the next call tries again. CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { escapeHtml } = require(`${__hooks}/lib/http/html.js`);
const { nowIso } = require(`${__hooks}/lib/records/dates.js`);
const { jsonArray } = require(`${__hooks}/lib/records/json.js`);

/** Sets an empty date column to now; true when this call did it. */
function claim(column, orderId) {
  let mine = false;
  $app.runInTransaction((txApp) => {
    const r = txApp
      .db()
      .newQuery(`UPDATE ${Collections.Orders} SET ${column} = {:now} WHERE id = {:id} AND ${column} = ''`)
      .bind({ now: nowIso(), id: orderId })
      .execute();
    mine = r.rowsAffected() === 1;
  });
  return mine;
}

function release(column, orderId) {
  $app.runInTransaction((txApp) => {
    txApp
      .db()
      .newQuery(`UPDATE ${Collections.Orders} SET ${column} = '' WHERE id = {:id}`)
      .bind({ id: orderId })
      .execute();
  });
}

function money(cents, currency) {
  return require(`${__hooks}/lib/shop/fulfil.js`).money(cents, currency);
}

function itemsHtml(order) {
  const items = jsonArray(order, "items");
  return `<ul>${items
    .map((it) => {
      const nums = it.edition_numbers?.length ? ` — no. ${it.edition_numbers.join(", ")}` : "";
      return `<li>${escapeHtml(it.title)}${escapeHtml(nums)} × ${escapeHtml(it.quantity)}</li>`;
    })
    .join("")}</ul>`;
}

function pageLink(order) {
  const url = require(`${__hooks}/lib/shop/order-access.js`).pageUrl($app, order.id);
  return `<p><a href="${escapeHtml(url)}">View your order</a> (your private link; no account needed).</p>`;
}

function sendTo(to, subject, title, body, kind, orderId, replyTo) {
  const m = require(`${__hooks}/lib/mail/mailer.js`);
  return m.send({ to, subject, html: m.layout({ title, bodyHtml: body }), kind, ref: orderId, replyTo });
}

/** The one "your print has shipped" mail, with the tracking link. */
function sendShipped(orderId) {
  const order = $app.findRecordById(Collections.Orders, orderId);
  const to = order.getString("email");
  if (!to || !claim("shipped_email_sent_at", orderId)) return false;
  const carrier = order.getString("carrier");
  const number = order.getString("tracking_number");
  const url = order.getString("tracking_url");
  const tracking = url
    ? `<p><a href="${escapeHtml(url)}">Track your parcel</a>${number ? ` (${escapeHtml(carrier ? `${carrier} ` : "")}${escapeHtml(number)})` : ""}</p>`
    : number
      ? `<p>Tracking number: ${escapeHtml(carrier ? `${carrier} ` : "")}${escapeHtml(number)}</p>`
      : "";
  const body = `<p>Your order ${escapeHtml(order.id.slice(0, 8))} left the studio in Stockholm today.</p>${itemsHtml(order)}${tracking}<p>Shipping usually takes 2–4 weeks; import duties and taxes may apply.</p>${pageLink(order)}`;
  const res = sendTo(to, "Your print is on its way", "Your print has shipped", body, "order-shipped", orderId);
  if (!res.ok) release("shipped_email_sent_at", orderId);
  return res.ok;
}

function sendDelivered(orderId) {
  const order = $app.findRecordById(Collections.Orders, orderId);
  const to = order.getString("email");
  if (!to || !claim("delivered_email_sent_at", orderId)) return false;
  const body = `<p>Your order ${escapeHtml(order.id.slice(0, 8))} has been delivered. We hope it gives you joy for many years.</p>${itemsHtml(order)}<p>Your certificates of authenticity are on your order page.</p>${pageLink(order)}`;
  const res = sendTo(to, "Your print has arrived", "Delivered", body, "order-delivered", orderId);
  if (!res.ok) release("delivered_email_sent_at", orderId);
  return res.ok;
}

/**
 * Mails buyer and artist about the refunded amount when it grew since the last refund mail
 * (full or partial; a repeated or older event finds nothing new). Orders refunded because they
 * could not be fulfilled (needs_refund) already had their own mails.
 */
function sendRefund(orderId) {
  const order = $app.findRecordById(Collections.Orders, orderId);
  const amount = order.getInt("amount_refunded");
  if (!amount || order.getString("problem")) return false;
  let mine = false;
  $app.runInTransaction((txApp) => {
    const r = txApp
      .db()
      .newQuery(
        `UPDATE ${Collections.Orders} SET refund_mailed_amount = {:a} WHERE id = {:id} AND refund_mailed_amount < {:a}`,
      )
      .bind({ a: amount, id: orderId })
      .execute();
    mine = r.rowsAffected() === 1;
  });
  if (!mine) return false;
  const currency = order.getString("currency");
  const total = order.getInt("amount_total");
  const full = order.getString("status") === "refunded";
  const ref = escapeHtml(order.id.slice(0, 8));
  const sum = escapeHtml(money(amount, currency));
  const course = order.getString("kind") === "course";
  const effect = full
    ? course
      ? "<p>Your access to the course has ended; chapters downloaded for offline use leave your devices the next time they are online. Your progress is kept: if you enrol again one day, you continue where you stopped.</p>"
      : "<p>The certificates of authenticity of this order are no longer valid.</p>"
    : "";
  const buyerBody = `<p>${full ? `Order ${ref} has been refunded in full: ${sum}.` : `${sum} of order ${ref} (${escapeHtml(money(total, currency))}) has been refunded.`} It usually shows on your statement within 5–10 days.</p>${effect}${itemsHtml(order)}${pageLink(order)}`;
  let ok = true;
  const buyer = order.getString("email");
  if (buyer) {
    ok =
      sendTo(buyer, full ? "Your refund" : "A partial refund", "Refund", buyerBody, "order-refund", orderId).ok && ok;
  }
  const artist = $os.getenv("ARTIST_EMAIL");
  if (artist) {
    const next = course
      ? "The learner's enrolment has ended (their progress is kept)."
      : full
        ? "Its certificates are void. The copies stay counted as sold until they come back: then tick <strong>copies_returned</strong> on the order in the admin UI, and only then are they for sale again."
        : "";
    const artistBody = `<p>${full ? "Refunded in full" : "Partially refunded"}: ${sum} of ${escapeHtml(money(total, currency))}, order ${ref} from ${escapeHtml(buyer || "unknown")}.</p>${itemsHtml(order)}<p>${next}</p>`;
    ok =
      sendTo(
        artist,
        `${full ? "Refunded" : "Partial refund"}: order ${order.id.slice(0, 8)}`,
        "Refund recorded",
        artistBody,
        "order-refund-artist",
        orderId,
        buyer || undefined,
      ).ok && ok;
  }
  if (!ok) {
    // let the next event or call try again
    $app.runInTransaction((txApp) => {
      txApp
        .db()
        .newQuery(
          `UPDATE ${Collections.Orders} SET refund_mailed_amount = {:b} WHERE id = {:id} AND refund_mailed_amount = {:a}`,
        )
        .bind({ b: order.getInt("refund_mailed_amount"), a: amount, id: orderId })
        .execute();
    });
  }
  return ok;
}

/**
 * A new dispute (called once, by whoever recorded it): the artist, who must answer it in
 * Stripe, and the buyer, who can reply to settle it with her (a mistake or a problem with the
 * order is solved faster by a refund than by the bank). True when every mail went.
 */
function sendDispute(orderId, summary) {
  const order = $app.findRecordById(Collections.Orders, orderId);
  const ref = escapeHtml(order.id.slice(0, 8));
  const buyer = order.getString("email");
  const artist = $os.getenv("ARTIST_EMAIL");
  let ok = true;
  if (artist) {
    const shipped = order.getString("tracking_number") || order.getString("tracking_url");
    const body = `<p>The buyer's bank opened a dispute on order ${ref} from ${escapeHtml(buyer || "unknown")}: ${escapeHtml(summary)}.</p>${itemsHtml(order)}<p>Answer it in the Stripe dashboard before its deadline${shipped ? " (the tracking details on the order are your evidence of delivery)" : ""}. Until it is settled, consider holding anything not yet shipped. The buyer was told they can reply to settle it with you.</p>`;
    ok =
      sendTo(
        artist,
        `Dispute: order ${order.id.slice(0, 8)}`,
        "A payment is disputed",
        body,
        "order-dispute-artist",
        orderId,
        buyer || undefined,
      ).ok && ok;
  }
  if (buyer) {
    const body = `<p>Your bank told us that the payment for order ${ref} is disputed.</p>${itemsHtml(order)}<p>If something went wrong with your order, or you do not recognise it as yours, reply to this email: we will put it right, and a refund from us usually reaches you sooner than the bank's decision. If the dispute was a mistake, you can withdraw it with your bank. Nothing else is needed from you.</p>${pageLink(order)}`;
    ok =
      sendTo(
        buyer,
        `About your payment for order ${order.id.slice(0, 8)}`,
        "Your payment is disputed",
        body,
        "order-dispute",
        orderId,
        artist || undefined,
      ).ok && ok;
  }
  return ok;
}

/**
 * A lost dispute, told to the buyer: what it changed for them (access ended, certificates void).
 * Not the refund mail: the shop refunded nothing (their bank gave the amount back, and it is
 * already theirs), so "your refund … within 5–10 days" would be untrue.
 */
function sendDisputeLostToBuyer(order) {
  const buyer = order.getString("email");
  if (!buyer) return true;
  const sum = money(order.getInt("amount_refunded"), order.getString("currency"));
  const full = order.getString("status") === "refunded";
  const words = require(`${__hooks}/lib/shop/dispute-words.js`);
  const effect = full ? `<p>${escapeHtml(words.effect(order.getString("kind")))}</p>` : "";
  const body = `<p>${escapeHtml(words.decided(sum, `order ${order.id.slice(0, 8)}`))}</p>${effect}${itemsHtml(order)}${pageLink(order)}`;
  return sendTo(
    buyer,
    `Order ${order.id.slice(0, 8)}: your bank's decision`,
    "Your dispute is settled",
    body,
    "order-dispute-lost",
    order.id,
    $os.getenv("ARTIST_EMAIL") || undefined,
  ).ok;
}

/**
 * How a dispute ended (called once, by whoever recorded it): the artist; the buyer too when it
 * was `lost`, which has already counted the disputed amount as refunded. `won` and the rest
 * change nothing on the order (the buyer hears of those from their bank).
 */
function sendDisputeClosed(orderId, outcome, summary) {
  const order = $app.findRecordById(Collections.Orders, orderId);
  const buyerOk = outcome === "lost" ? sendDisputeLostToBuyer(order) : true;
  const artist = $os.getenv("ARTIST_EMAIL");
  if (!artist) return buyerOk;
  const ref = escapeHtml(order.id.slice(0, 8));
  const buyer = order.getString("email");
  const about = `the dispute on order ${ref} from ${escapeHtml(buyer || "unknown")} (${escapeHtml(summary)})`;
  const course = order.getString("kind") === "course";
  let word = "closed";
  let text;
  if (outcome === "won") {
    word = "won";
    text = `<p>The bank decided ${about} in your favour. The payment stands; nothing changes on the order.</p>`;
  } else if (outcome === "lost") {
    word = "lost";
    const refunded = order.getString("status") === "refunded";
    const next = !refunded
      ? `${escapeHtml(money(order.getInt("amount_refunded"), order.getString("currency")))} of the order now counts as refunded; its status is unchanged.`
      : course
        ? "The order is now refunded and the learner's enrolment has ended (their progress is kept)."
        : "The order is now refunded and its certificates are void. The copies stay counted as sold until they come back: then tick <strong>copies_returned</strong> on the order in the admin UI, and only then are they for sale again.";
    text = `<p>The bank decided ${about} for the buyer: the disputed amount went back to them (Stripe keeps its dispute fee). ${next}</p>`;
  } else if (outcome === "warning_closed") {
    text = `<p>The bank closed its inquiry about ${about} without a chargeback. The payment stands; nothing changes on the order.</p>`;
  } else {
    text = `<p>Stripe closed ${about} as <strong>${escapeHtml(outcome)}</strong>. Nothing changes on the order; the Stripe dashboard has the details.</p>`;
  }
  return (
    sendTo(
      artist,
      `Dispute ${word}: order ${order.id.slice(0, 8)}`,
      `A dispute is ${word}`,
      `${text}${itemsHtml(order)}`,
      "order-dispute-closed-artist",
      orderId,
      buyer || undefined,
    ).ok && buyerOk
  );
}

module.exports = { sendShipped, sendDelivered, sendRefund, sendDispute, sendDisputeClosed, pageLink };
