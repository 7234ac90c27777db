/// <reference path="../pb_data/types.d.ts" />
// Visitor forms: newsletter (consent + double opt-in + one-click unsubscribe), contact
// messages and artwork inquiries, viewing-room unlock links. Contracts in docs/api.md.
// Rate limits: the "POST /api/atelier/" settings rule, plus a per-IP cap in lib/contact.js.

const FORM_BODY_LIMIT = 64 * 1024;

routerAdd("POST", "/api/atelier/subscribe-newsletter", (e) => {
  const v = require(`${__hooks}/lib/validate.js`);
  const nl = require(`${__hooks}/lib/newsletter.js`);
  const contract = require(`${__hooks}/lib/contract.gen.js`);
  const max = contract.FORM_LIMITS;
  const b = v.body(e);
  const c = v.collector();
  const email = c.field("email", b.email, { required: true, email: true, max: max.email, requiredMessage: "Please enter your email address." }).toLowerCase();
  const source = c.field("source", b.source, { required: true, oneOf: contract.Enums.newsletter_subscribers.consent_source });
  const context = c.field("context", b.context, { max: max.context });
  const name = c.field("name", b.name, { max: max.name });
  const consentVersion = c.field("consentVersion", b.consentVersion, { max: max.consentVersion, pattern: contract.CONSENT_VERSION_PATTERN, patternMessage: "Invalid consent text version." });
  const artworkSlug = c.field("artworkSlug", b.artworkSlug, { max: max.artworkSlug, pattern: v.SLUG_RE, patternMessage: "Invalid artwork." });
  c.field("clientId", b.clientId, { max: 64, pattern: contract.CLIENT_ID_PATTERN, patternMessage: "Invalid client id." });
  c.throwIfAny();

  const result = nl.subscribe($app, {
    email: email,
    source: source,
    context: context,
    name: name,
    consentVersion: consentVersion,
    artworkSlug: artworkSlug,
    ip: e.realIP(),
  });
  return e.json(200, { status: result.status, mailSent: result.mailSent });
}, $apis.bodyLimit(FORM_BODY_LIMIT));

routerAdd("GET", "/api/atelier/newsletter/confirm", (e) => {
  const nl = require(`${__hooks}/lib/newsletter.js`);
  const result = nl.confirm($app, e.request.url.query().get("token"));
  e.response.header().set("Cache-Control", "no-store");
  if (result === "confirmed") return e.html(200, nl.page("Subscription confirmed", "Thank you! You will receive occasional updates on exhibitions and print editions."));
  if (result === "already") return e.html(200, nl.page("Already confirmed", "Your subscription was already confirmed. Nothing more to do."));
  if (result === "unsubscribed") return e.html(200, nl.page("Unsubscribed", "This address has unsubscribed, so nothing will be sent. Sign up again on the site if you change your mind."));
  return e.html(400, nl.page("Link not valid", "This confirmation link is not valid. Please sign up again on the site."));
});

// GET: the link in every email body (unsubscribes at once and says so).
routerAdd("GET", "/api/atelier/newsletter/unsubscribe", (e) => {
  const nl = require(`${__hooks}/lib/newsletter.js`);
  const result = nl.unsubscribe($app, e.request.url.query().get("token"));
  e.response.header().set("Cache-Control", "no-store");
  if (result === "invalid") return e.html(400, nl.page("Link not valid", "This unsubscribe link is not valid. Reply to any of our emails and we will remove you by hand."));
  return e.html(200, nl.page("You are unsubscribed", "You will not receive any more newsletter emails. Sorry to see you go."));
});

// POST: RFC 8058 one-click unsubscribe from the mail client (List-Unsubscribe-Post).
routerAdd("POST", "/api/atelier/newsletter/unsubscribe", (e) => {
  const nl = require(`${__hooks}/lib/newsletter.js`);
  const result = nl.unsubscribe($app, e.request.url.query().get("token"));
  if (result === "invalid") throw new BadRequestError("Invalid unsubscribe token.", {});
  return e.json(200, { status: "unsubscribed" });
}, $apis.bodyLimit(FORM_BODY_LIMIT));

routerAdd("POST", "/api/atelier/viewing-room/unlock", (e) => {
  const v = require(`${__hooks}/lib/validate.js`);
  const nl = require(`${__hooks}/lib/newsletter.js`);
  const b = v.body(e);
  if (typeof b.token !== "string" || !nl.verifyRoomToken($app, b.token)) {
    throw new BadRequestError("This viewing room link is not valid.", { token: { code: "validation_invalid_token", message: "Invalid or expired link." } });
  }
  return e.json(200, { ok: true });
}, $apis.bodyLimit(FORM_BODY_LIMIT));

routerAdd("POST", "/api/atelier/send-contact", (e) => {
  const v = require(`${__hooks}/lib/validate.js`);
  const contact = require(`${__hooks}/lib/contact.js`);
  const contract = require(`${__hooks}/lib/contract.gen.js`);
  const max = contract.FORM_LIMITS;
  const b = v.body(e);
  const c = v.collector();
  const kind = c.field("kind", b.kind || "contact", { oneOf: contract.Enums.contact_messages.kind }) || "contact";
  const name = c.field("name", b.name, { required: true, max: max.name, requiredMessage: "Please enter your name." });
  const email = c.field("email", b.email, { required: true, email: true, max: max.email, requiredMessage: "Please enter your email address." });
  const phone = c.field("phone", b.phone, { max: max.phone });
  let subject;
  if (kind === "inquiry") {
    const prefix = contract.INQUIRY_SUBJECT_PREFIX;
    subject = c.field("subject", b.subject, { required: true, max: max.subject, pattern: v.startsWith(prefix), patternMessage: `Must start with "${prefix}".` });
  } else {
    subject = c.field("subject", b.subject || contract.CONTACT_SUBJECTS[0], { oneOf: contract.CONTACT_SUBJECTS });
  }
  const message = c.field("message", b.message, { required: true, max: max.message, multiline: true, requiredMessage: "Please enter a message." });
  const artworkId = c.field("artworkId", b.artworkId, { max: 15, pattern: /^[a-z0-9]{15}$/, patternMessage: "Invalid artwork." });
  const clientId = c.field("clientId", b.clientId, { max: 64, pattern: contract.CLIENT_ID_PATTERN, patternMessage: "Invalid client id." });
  if (artworkId) {
    try {
      $app.findRecordById(contract.Collections.Artworks, artworkId);
    } catch (_) {
      c.add("artworkId", "validation_not_found", "Unknown artwork.");
    }
  }
  c.throwIfAny();

  const result = contact.submit($app, {
    kind: kind, name: name, email: email, phone: phone, subject: subject, message: message,
    artworkId: artworkId, clientId: clientId, ip: e.realIP(),
  });
  return e.json(200, { id: result.id });
}, $apis.bodyLimit(FORM_BODY_LIMIT));
