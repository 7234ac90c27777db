/// <reference path="../pb_data/types.d.ts" />
// Newsletter: sign-up with a recorded consent, double opt-in by email, and unsubscribing
// from the link in every mail or with the mail client's one-click POST. Logic in
// lib/newsletter.js; routes and answers in docs/api.md. Rate limit: the settings rule for
// "POST /api/atelier/".

routerAdd(
  "POST",
  "/api/atelier/subscribe-newsletter",
  (e) => {
    const v = require(`${__hooks}/lib/validate.js`);
    const nl = require(`${__hooks}/lib/newsletter.js`);
    const contract = require(`${__hooks}/lib/contract.gen.js`);
    const max = contract.FORM_LIMITS;
    const b = v.body(e);
    const c = v.collector();
    const email = c
      .field("email", b.email, {
        required: true,
        email: true,
        max: max.email,
        requiredMessage: "Please enter your email address.",
      })
      .toLowerCase();
    const source = c.field("source", b.source, {
      required: true,
      oneOf: contract.Enums.newsletter_subscribers.consent_source,
    });
    const context = c.field("context", b.context, { max: max.context });
    const name = c.field("name", b.name, { max: max.name });
    const consentVersion = c.field("consentVersion", b.consentVersion, {
      max: max.consentVersion,
      pattern: contract.CONSENT_VERSION_PATTERN,
      patternMessage: "Invalid consent text version.",
    });
    const artworkSlug = c.field("artworkSlug", b.artworkSlug, {
      max: max.artworkSlug,
      pattern: v.SLUG_RE,
      patternMessage: "Invalid artwork.",
    });
    c.field("clientId", b.clientId, {
      max: 64,
      pattern: contract.CLIENT_ID_PATTERN,
      patternMessage: "Invalid client id.",
    });
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
  },
  $apis.bodyLimit(require(`${__hooks}/lib/validate.js`).FORM_BODY_LIMIT),
);

routerAdd("GET", "/api/atelier/newsletter/confirm", (e) => {
  const nl = require(`${__hooks}/lib/newsletter.js`);
  const result = nl.confirm($app, e.request.url.query().get("token"));
  e.response.header().set("Cache-Control", "no-store");
  if (result === "confirmed")
    return e.html(
      200,
      nl.page(
        "Subscription confirmed",
        "Thank you! You will receive occasional updates on exhibitions and print editions.",
      ),
    );
  if (result === "already")
    return e.html(200, nl.page("Already confirmed", "Your subscription was already confirmed. Nothing more to do."));
  if (result === "unsubscribed")
    return e.html(
      200,
      nl.page(
        "Unsubscribed",
        "This address has unsubscribed, so nothing will be sent. Sign up again on the site if you change your mind.",
      ),
    );
  return e.html(
    400,
    nl.page("Link not valid", "This confirmation link is not valid. Please sign up again on the site."),
  );
});

// GET: the link in every email body (unsubscribes at once and says so).
routerAdd("GET", "/api/atelier/newsletter/unsubscribe", (e) => {
  const nl = require(`${__hooks}/lib/newsletter.js`);
  const result = nl.unsubscribe($app, e.request.url.query().get("token"));
  e.response.header().set("Cache-Control", "no-store");
  if (result === "invalid")
    return e.html(
      400,
      nl.page(
        "Link not valid",
        "This unsubscribe link is not valid. Reply to any of our emails and we will remove you by hand.",
      ),
    );
  return e.html(
    200,
    nl.page("You are unsubscribed", "You will not receive any more newsletter emails. Sorry to see you go."),
  );
});

// POST: RFC 8058 one-click unsubscribe from the mail client (List-Unsubscribe-Post).
routerAdd(
  "POST",
  "/api/atelier/newsletter/unsubscribe",
  (e) => {
    const nl = require(`${__hooks}/lib/newsletter.js`);
    const result = nl.unsubscribe($app, e.request.url.query().get("token"));
    if (result === "invalid") throw new BadRequestError("Invalid unsubscribe token.", {});
    return e.json(200, { status: "unsubscribed" });
  },
  $apis.bodyLimit(require(`${__hooks}/lib/validate.js`).FORM_BODY_LIMIT),
);
