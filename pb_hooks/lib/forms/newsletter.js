// Newsletter with recorded consent and double opt-in. CommonJS; required
// inside handlers. Mails go through lib/mail/mailer.js; every newsletter mail carries a working
// one-click unsubscribe (link in the body + List-Unsubscribe / List-Unsubscribe-Post).

const { Collections, DEFAULT_CONSENT_VERSION } = require(`${__hooks}/lib/contract.gen.js`);
const viewingRoom = require(`${__hooks}/lib/forms/viewing-room.js`);
const { artistName } = require(`${__hooks}/lib/site/settings.js`);
const { escapeHtml } = require(`${__hooks}/lib/http/html.js`);
const { siteUrl } = require(`${__hooks}/lib/site/urls.js`);

const TOKEN_LEN = 40;
// A repeated sign-up re-sends its email at most this often (minutes).
const RESEND_AFTER_MIN = 10;

function mailer() {
  return require(`${__hooks}/lib/mail/mailer.js`);
}

function findByEmail(app, email) {
  const rows = app.findRecordsByFilter(Collections.NewsletterSubscribers, "email = {:email}", "", 1, 0, {
    email: email,
  });
  return rows.length ? rows[0] : null;
}

function findByToken(app, field, token) {
  if (!token || !/^[A-Za-z0-9]{20,128}$/.test(token)) return null;
  const rows = app.findRecordsByFilter(Collections.NewsletterSubscribers, `${field} = {:t}`, "", 1, 0, { t: token });
  return rows.length ? rows[0] : null;
}

function unsubscribeUrl(sub) {
  return `${siteUrl()}/api/atelier/newsletter/unsubscribe?token=${encodeURIComponent(sub.getString("unsubscribe_token"))}`;
}

function confirmUrl(sub) {
  return `${siteUrl()}/api/atelier/newsletter/confirm?token=${encodeURIComponent(sub.getString("confirm_token"))}`;
}

function listHeaders(sub) {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(sub)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

function footerHtml(sub) {
  return (
    `<p style="margin:0">You get this email because this address was entered on ${escapeHtml(siteUrl().replace(/^https?:\/\//, ""))}. ` +
    `<a href="${escapeHtml(unsubscribeUrl(sub))}" style="color:#8a7f72">Unsubscribe</a> with one click.</p>`
  );
}

function button(href, label) {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2a2622;color:#fffdf9;padding:12px 20px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

function recentlyMailed(app, sub, kind) {
  const since = require(`${__hooks}/lib/records/dates.js`).nowIso(-RESEND_AFTER_MIN * 60);
  const rows = app.findRecordsByFilter(
    Collections.MailLog,
    "ref = {:ref} && kind = {:kind} && status = 'sent' && created >= {:since}",
    "-created",
    1,
    0,
    { ref: `${Collections.NewsletterSubscribers}/${sub.id}`, kind: kind, since: since },
  );
  return rows.length > 0;
}

function sendMail(sub, kind, subject, title, bodyHtml, textLines) {
  const m = mailer();
  const text = textLines.concat(["", `Unsubscribe: ${unsubscribeUrl(sub)}`]).join("\n");
  return m.send({
    to: sub.getString("email"),
    subject: subject,
    html: m.layout({ title: title, bodyHtml: bodyHtml, footerHtml: footerHtml(sub) }),
    text: text,
    headers: listHeaders(sub),
    kind: kind,
    ref: `${Collections.NewsletterSubscribers}/${sub.id}`,
  });
}

// Nothing a visitor typed goes into a newsletter mail, not even their name: anyone can enter
// any address, and the mail must not carry their words to it.
const GREETING = "<p>Hello,</p>";

function sendConfirmation(sub) {
  const artist = artistName();
  return sendMail(
    sub,
    "newsletter-confirm",
    `Please confirm your subscription to ${artist}`,
    "Confirm your subscription",
    `${GREETING}<p>Thanks for signing up for occasional news about exhibitions and print editions from ${escapeHtml(artist)}. ` +
      "Please confirm that you want to receive them:</p>" +
      button(confirmUrl(sub), "Confirm subscription") +
      "<p>If you did not sign up, ignore this email and nothing will be sent.</p>",
    [
      `Thanks for signing up for news from ${artist}.`,
      `Confirm your subscription: ${confirmUrl(sub)}`,
      "If you did not sign up, ignore this email.",
    ],
  );
}

function sendWelcome(sub) {
  const artist = artistName();
  return sendMail(
    sub,
    "newsletter-welcome",
    `Welcome — you are subscribed to ${artist}`,
    "You are subscribed",
    `${GREETING}<p>Your subscription is confirmed. You will receive occasional updates on exhibitions and print editions.</p>` +
      button(`${siteUrl()}/`, "Visit the site"),
    [
      "Your subscription is confirmed. You will receive occasional updates on exhibitions and print editions.",
      `${siteUrl()}/`,
    ],
  );
}

function sendViewingRoom(sub, artworkSlug, artworkTitle) {
  const artist = artistName();
  const artworkPart = artworkSlug ? `artwork=${encodeURIComponent(artworkSlug)}&` : "";
  const query = `${artworkPart}access=${encodeURIComponent(viewingRoom.issue(sub).token)}`;
  const roomUrl = `${siteUrl()}/viewing-room?${query}`;
  const pending = sub.getString("status") === "pending";
  let html =
    `${GREETING}<p>Welcome to the private viewing room of ${escapeHtml(artist)}` +
    (artworkTitle ? `, where <em>${escapeHtml(artworkTitle)}</em> is on view` : "") +
    ". This link opens the room on any of your devices:</p>" +
    button(roomUrl, "Open the viewing room");
  const text = [`Welcome to the private viewing room of ${artist}.`, `Open the viewing room: ${roomUrl}`];
  if (pending) {
    html +=
      "<p>Would you also like occasional news about exhibitions and print editions? Confirm here:</p>" +
      button(confirmUrl(sub), "Confirm subscription");
    text.push(`Confirm your newsletter subscription: ${confirmUrl(sub)}`);
  }
  return sendMail(
    sub,
    "viewing-room-welcome",
    `Your viewing room access — ${artist}`,
    "The viewing room is open",
    html,
    text,
  );
}

function nowDate() {
  return new DateTime();
}

const FIXED_CONTEXTS = { footer: "Footer", home: "Home" };

/**
 * The consent context of a sign-up, from the database: "Footer"/"Home", the artwork's title
 * (viewing room), the drop's slug, the exhibition's title. `refs` holds the slugs the form
 * sent. Returns {context, artworkSlug, artworkTitle} or {error: {field, message}} for a slug
 * that names nothing.
 */
function signupContext(app, source, refs) {
  // every slug sent must name a record, whatever the form
  const found = {};
  for (const [field, collection, message] of [
    ["artworkSlug", Collections.Artworks, "Unknown artwork."],
    ["dropSlug", Collections.Drops, "Unknown print drop."],
    ["exhibitionSlug", Collections.Exhibitions, "Unknown exhibition."],
  ]) {
    if (!refs[field]) continue;
    const rows = app.findRecordsByFilter(collection, "slug = {:s}", "", 1, 0, { s: refs[field] });
    if (!rows.length) return { error: { field: field, message: message } };
    found[field] = rows[0];
  }
  if (FIXED_CONTEXTS[source]) return { context: FIXED_CONTEXTS[source] };
  if (source === "viewing-room" && found.artworkSlug) {
    const title = found.artworkSlug.getString("title");
    return { context: title, artworkSlug: found.artworkSlug.getString("slug"), artworkTitle: title };
  }
  if (source === "print-drop" && found.dropSlug) return { context: found.dropSlug.getString("slug") };
  if (source === "exhibition" && found.exhibitionSlug) return { context: found.exhibitionSlug.getString("title") };
  return { context: "" };
}

/**
 * Records a sign-up. Idempotent per email: a repeat keeps the first consent record; an
 * unsubscribed address starts over with new consent. The caller answers the same whatever
 * happened, so the answer does not tell whether an address is subscribed. A viewing-room
 * sign-up's result carries a room pass ({token, expiresAt}) for whichever state it found.
 * input: {email, source, context, name, consentVersion, ip, artworkSlug, artworkTitle}
 * (context and artworkTitle are derived by the route from the database, never sent text)
 */
function subscribe(app, input) {
  let sub = findByEmail(app, input.email);
  let fresh = false;
  if (!sub || sub.getString("status") === "unsubscribed") {
    if (!sub) {
      sub = new Record(app.findCollectionByNameOrId(Collections.NewsletterSubscribers));
      sub.set("email", input.email);
      sub.set("unsubscribe_token", $security.randomString(TOKEN_LEN));
    }
    sub.set("status", "pending");
    sub.set("confirm_token", $security.randomString(TOKEN_LEN));
    sub.set("consent_at", nowDate());
    sub.set("consent_ip", input.ip);
    sub.set("consent_source", input.source);
    sub.set("consent_context", input.context);
    sub.set("consent_text_version", input.consentVersion || DEFAULT_CONSENT_VERSION);
    sub.set("confirmed_at", "");
    sub.set("unsubscribed_at", "");
    if (input.name) sub.set("name", input.name);
    try {
      app.save(sub);
      fresh = true;
    } catch (err) {
      // a concurrent sign-up with the same address won the unique index: treat as a repeat
      const other = findByEmail(app, input.email);
      if (!other) throw err;
      sub = other;
    }
  } else if (input.name && !sub.getString("name")) {
    sub.set("name", input.name);
    app.save(sub);
  }

  let mail = { ok: true, error: "" };
  if (input.source === "viewing-room") {
    if (fresh || !recentlyMailed(app, sub, "viewing-room-welcome")) {
      mail = sendViewingRoom(sub, input.artworkSlug, input.artworkTitle);
    }
  } else if (sub.getString("status") === "pending" && (fresh || !recentlyMailed(app, sub, "newsletter-confirm"))) {
    mail = sendConfirmation(sub);
  }
  // a viewing-room sign-up opens the room at once, on this device too (spec: no waiting for the mail)
  const room = input.source === "viewing-room" ? viewingRoom.issue(sub) : null;
  return { status: sub.getString("status"), mailSent: mail.ok, room: room };
}

/** Confirms by token; the welcome mail goes out once. Returns "confirmed" | "already" | "invalid" | "unsubscribed". */
function confirm(app, token) {
  const sub = findByToken(app, "confirm_token", token);
  if (!sub) return "invalid";
  const status = sub.getString("status");
  if (status === "confirmed") return "already";
  if (status === "unsubscribed") return "unsubscribed";
  sub.set("status", "confirmed");
  sub.set("confirmed_at", nowDate());
  app.save(sub);
  sendWelcome(sub);
  return "confirmed";
}

/** Unsubscribes by token. Returns "unsubscribed" | "already" | "invalid". */
function unsubscribe(app, token) {
  const sub = findByToken(app, "unsubscribe_token", token);
  if (!sub) return "invalid";
  if (sub.getString("status") === "unsubscribed") return "already";
  sub.set("status", "unsubscribed");
  sub.set("unsubscribed_at", nowDate());
  app.save(sub);
  return "unsubscribed";
}

/** What a confirm link would do, without doing it: "pending" | "already" | "unsubscribed" | "invalid". */
function confirmState(app, token) {
  const sub = findByToken(app, "confirm_token", token);
  if (!sub) return "invalid";
  const status = sub.getString("status");
  if (status === "confirmed") return "already";
  return status === "unsubscribed" ? "unsubscribed" : "pending";
}

/** What an unsubscribe link would do, without doing it: "subscribed" | "already" | "invalid". */
function unsubscribeState(app, token) {
  const sub = findByToken(app, "unsubscribe_token", token);
  if (!sub) return "invalid";
  return sub.getString("status") === "unsubscribed" ? "already" : "subscribed";
}

module.exports = {
  signupContext,
  subscribe,
  confirm,
  unsubscribe,
  confirmState,
  unsubscribeState,
};
