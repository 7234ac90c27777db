// Contact messages and artwork inquiries: stored first (nothing is lost when mail fails),
// then emailed to the artist with Reply-To the visitor. CommonJS; required inside handlers.

const { Collections, CONTACT_RATE_LIMIT } = require(`${__hooks}/lib/contract.gen.js`);
const { escapeHtml } = require(`${__hooks}/lib/http/html.js`);

// Per IP, new messages (replays of a clientId do not count) in a sliding window.
const RATE_MAX = CONTACT_RATE_LIMIT.max;
const RATE_WINDOW_MIN = CONTACT_RATE_LIMIT.windowMinutes;

function mailer() {
  return require(`${__hooks}/lib/mail/mailer.js`);
}

function findByClientId(app, clientId) {
  if (!clientId) return null;
  const rows = app.findRecordsByFilter(Collections.ContactMessages, "client_id = {:c}", "", 1, 0, { c: clientId });
  return rows.length ? rows[0] : null;
}

function recentCountFromIp(app, ip) {
  const since = require(`${__hooks}/lib/records/dates.js`).nowIso(-RATE_WINDOW_MIN * 60);
  return app.countRecords(
    Collections.ContactMessages,
    $dbx.exp("ip = {:ip} AND created >= {:since}", { ip: ip, since: since }),
  );
}

function notifyArtist(app, msg) {
  const m = mailer();
  const to = require(`${__hooks}/lib/site/settings.js`).artistEmail(app);
  if (!to) return { ok: false, error: "ARTIST_EMAIL is not set" };
  const kind = msg.getString("kind");
  const rows = [
    ["From", `${msg.getString("name")} <${msg.getString("email")}>`],
    ["Phone", msg.getString("phone")],
    ["Subject", msg.getString("subject")],
  ].filter((r) => r[1]);
  const table = rows
    .map((r) => `<tr><td style="padding:2px 12px 2px 0;color:#8a7f72">${r[0]}</td><td>${escapeHtml(r[1])}</td></tr>`)
    .join("");
  const message = msg.getString("message");
  const html =
    `<table role="presentation" cellpadding="0" cellspacing="0">${table}</table>` +
    `<div style="margin-top:16px;white-space:pre-wrap">${escapeHtml(message)}</div>` +
    '<p style="margin-top:24px;color:#8a7f72">Reply to this email to answer the sender directly.</p>';
  const text = rows
    .map((r) => `${r[0]}: ${r[1]}`)
    .concat(["", message])
    .join("\n");
  const subjectPrefix = kind === "inquiry" ? "" : "Contact: ";
  return m.send({
    to: to,
    subject: `${subjectPrefix}${msg.getString("subject") || "Message"} — from ${msg.getString("name")}`,
    html: m.layout({
      title: kind === "inquiry" ? "New artwork inquiry" : "New message from the contact form",
      bodyHtml: html,
    }),
    text: text,
    replyTo: msg.getString("email"),
    kind: kind === "inquiry" ? "inquiry-notice" : "contact-notice",
    ref: `${Collections.ContactMessages}/${msg.id}`,
  });
}

/**
 * input: {kind, name, email, phone, subject, message, artworkId, clientId, ip}
 * Returns {id, replay}. Throws TooManyRequestsError when the IP sent too many.
 */
function submit(app, input) {
  const existing = findByClientId(app, input.clientId);
  if (existing) return { id: existing.id, replay: true };

  if (recentCountFromIp(app, input.ip) >= RATE_MAX) {
    throw new TooManyRequestsError("Too many messages from your connection. Please try again later.", {});
  }

  const msg = new Record(app.findCollectionByNameOrId(Collections.ContactMessages));
  msg.set("kind", input.kind);
  msg.set("name", input.name);
  msg.set("email", input.email);
  msg.set("phone", input.phone);
  msg.set("subject", input.subject);
  msg.set("message", input.message);
  if (input.artworkId) msg.set("artwork_id", input.artworkId);
  msg.set("client_id", input.clientId || "");
  msg.set("ip", input.ip);
  msg.set("mail_status", "pending");
  try {
    app.save(msg);
  } catch (err) {
    // the same clientId sent twice at once: the unique index keeps one
    const other = findByClientId(app, input.clientId);
    if (other) return { id: other.id, replay: true };
    throw err;
  }

  const sent = notifyArtist(app, msg);
  require(`${__hooks}/lib/setup/test-seam.js`).hold("contact-mail");
  // Only the mail outcome: the artist may have edited the message while the mail was sent.
  app
    .db()
    .newQuery(`UPDATE ${Collections.ContactMessages} SET mail_status = {:s}, mail_error = {:e} WHERE id = {:id}`)
    .bind({
      s: sent.ok ? "sent" : "failed",
      e: sent.ok ? "" : String(sent.error).slice(0, 2000),
      id: msg.id,
    })
    .execute();
  return { id: msg.id, replay: false };
}

module.exports = { submit };
