/// <reference path="../pb_data/types.d.ts" />
// Newsletter: sign-up with a recorded consent, double opt-in by email, and unsubscribing
// from the link in every mail or with the mail client's one-click POST. Opening a link (GET)
// only shows a page with a button: mail scanners fetch links, and only the button's POST
// changes anything. Logic in lib/forms/newsletter.js; routes and answers in docs/api.md. Rate
// limit: the settings rules for "POST /api/atelier/".

routerAdd(
  "POST",
  "/api/atelier/subscribe-newsletter",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    const v = require(`${__hooks}/lib/http/validate.js`);
    const nl = require(`${__hooks}/lib/forms/newsletter.js`);
    const form = require(`${__hooks}/lib/http/form-post.js`);
    const contract = require(`${__hooks}/lib/contract.gen.js`);
    const max = contract.FORM_LIMITS;
    // the app's JSON, or the fields of the HTML form the browser posted itself
    const b = form.body(e);
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
    form.setForm(e, source);
    let name = c.field("name", b.name, { max: max.name });
    // the viewing-room gate asks for first and last name apart (both required there)
    const first = c.field("firstName", b.firstName, { max: max.namePart });
    const last = c.field("lastName", b.lastName, { max: max.namePart });
    if (first || last) name = `${first} ${last}`.trim();
    if (source === "viewing-room" && b.name === undefined) {
      if (!first) c.add("firstName", "validation_required", "Please enter your first name.");
      if (!last) c.add("lastName", "validation_required", "Please enter your last name.");
    }
    // a version of a text the site shows (or has shown): nothing else proves a consent
    const consentVersion = c.field("consentVersion", b.consentVersion, {
      max: max.consentVersion,
      oneOf: Object.values(contract.CONSENT_TEXT_VERSIONS).concat([contract.DEFAULT_CONSENT_VERSION]),
    });
    // What the sign-up was about is named by slugs and looked up here; `context` is not read.
    const refs = {};
    for (const [key, label] of [
      ["artworkSlug", "Invalid artwork."],
      ["dropSlug", "Invalid print drop."],
      ["exhibitionSlug", "Invalid exhibition."],
    ]) {
      refs[key] = c.field(key, b[key], { max: max.slug, pattern: v.SLUG_RE, patternMessage: label });
    }
    c.field("clientId", b.clientId, {
      max: 64,
      pattern: contract.CLIENT_ID_PATTERN,
      patternMessage: "Invalid client id.",
    });
    c.throwIfAny();
    const about = nl.signupContext($app, source, refs);
    if (about.error) c.add(about.error.field, "validation_not_found", about.error.message);
    c.throwIfAny();

    const result = nl.subscribe($app, {
      email: email,
      source: source,
      context: about.context,
      name: name,
      consentVersion: consentVersion,
      artworkSlug: about.artworkSlug || "",
      artworkTitle: about.artworkTitle || "",
      ip: require(`${__hooks}/lib/http/client-ip.js`).clientIp(e),
    });
    // The same answer whatever the address's state: it does not tell who is subscribed. A
    // viewing-room sign-up also gets its room pass (lib/forms/viewing-room.js); a browser's own
    // form post gets the result page (the pass is in the mailed link).
    return form.answer(e, "newsletter", result.room ? { ok: true, room: result.room } : { ok: true });
  },
  $apis.bodyLimit(require(`${__hooks}/lib/http/validate.js`).FORM_BODY_LIMIT),
  // a browser's own form post gets a result page for any outcome (lib/http/form-post.js)
  new Middleware((e) => require(`${__hooks}/lib/http/form-post.js`).guard(e, "newsletter"), -1100),
);

// The confirm link (GET): a page with the button; nothing changes yet.
routerAdd("GET", "/api/atelier/newsletter/confirm", (e) => {
  const nl = require(`${__hooks}/lib/forms/newsletter.js`);
  const page = require(`${__hooks}/lib/http/hook-page.js`);
  const token = e.request.url.query().get("token");
  const state = nl.confirmState($app, token);
  if (state === "pending")
    return page.send(e, 200, {
      title: "Confirm your subscription",
      message: "Press the button to receive occasional updates on exhibitions and print editions.",
      form: {
        action: `/api/atelier/newsletter/confirm?token=${encodeURIComponent(token)}`,
        button: "Confirm subscription",
      },
    });
  return page.send(
    e,
    state === "invalid" ? 400 : 200,
    require(`${__hooks}/lib/forms/newsletter-pages.js`).confirmed(state),
  );
});

// The button: confirms (the welcome mail goes out once).
routerAdd(
  "POST",
  "/api/atelier/newsletter/confirm",
  (e) => {
    const nl = require(`${__hooks}/lib/forms/newsletter.js`);
    const result = nl.confirm($app, e.request.url.query().get("token"));
    return require(`${__hooks}/lib/http/hook-page.js`).send(
      e,
      result === "invalid" ? 400 : 200,
      require(`${__hooks}/lib/forms/newsletter-pages.js`).confirmed(result),
    );
  },
  $apis.bodyLimit(require(`${__hooks}/lib/http/validate.js`).FORM_BODY_LIMIT),
);

// The unsubscribe link in every mail body (GET): a page with the button.
routerAdd("GET", "/api/atelier/newsletter/unsubscribe", (e) => {
  const nl = require(`${__hooks}/lib/forms/newsletter.js`);
  const page = require(`${__hooks}/lib/http/hook-page.js`);
  const token = e.request.url.query().get("token");
  const state = nl.unsubscribeState($app, token);
  if (state === "subscribed")
    return page.send(e, 200, {
      title: "Unsubscribe",
      message: "Press the button and this address will receive no more newsletter emails.",
      form: {
        action: `/api/atelier/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
        button: "Unsubscribe",
        fields: { page: "1" },
      },
    });
  return page.send(
    e,
    state === "invalid" ? 400 : 200,
    require(`${__hooks}/lib/forms/newsletter-pages.js`).unsubscribed(state),
  );
});

// POST: the page's button (answered with a page), or RFC 8058 one-click unsubscribe from the
// mail client (List-Unsubscribe-Post; answered with JSON).
routerAdd(
  "POST",
  "/api/atelier/newsletter/unsubscribe",
  (e) => {
    const nl = require(`${__hooks}/lib/forms/newsletter.js`);
    const result = nl.unsubscribe($app, e.request.url.query().get("token"));
    let fromPage = false;
    try {
      fromPage = e.request.formValue("page") === "1";
    } catch (_) {}
    if (fromPage)
      return require(`${__hooks}/lib/http/hook-page.js`).send(
        e,
        result === "invalid" ? 400 : 200,
        require(`${__hooks}/lib/forms/newsletter-pages.js`).unsubscribed(result),
      );
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    if (result === "invalid") throw new BadRequestError("Invalid unsubscribe token.", {});
    return e.json(200, { status: "unsubscribed" });
  },
  $apis.bodyLimit(require(`${__hooks}/lib/http/validate.js`).FORM_BODY_LIMIT),
);
