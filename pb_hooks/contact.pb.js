/// <reference path="../pb_data/types.d.ts" />
// Contact messages and artwork inquiries: checked here, stored and mailed to the artist by
// lib/forms/contact.js. Rate limits: the settings rule for "POST /api/atelier/", plus a per-IP
// cap in lib/forms/contact.js.

routerAdd(
  "POST",
  "/api/atelier/send-contact",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    const v = require(`${__hooks}/lib/http/validate.js`);
    const contact = require(`${__hooks}/lib/forms/contact.js`);
    const contract = require(`${__hooks}/lib/contract.gen.js`);
    const max = contract.FORM_LIMITS;
    const b = v.body(e);
    const c = v.collector();
    const kind = c.field("kind", b.kind || "contact", { oneOf: contract.Enums.contact_messages.kind }) || "contact";
    const name = c.field("name", b.name, { required: true, max: max.name, requiredMessage: "Please enter your name." });
    const email = c.field("email", b.email, {
      required: true,
      email: true,
      max: max.email,
      requiredMessage: "Please enter your email address.",
    });
    const phone = c.field("phone", b.phone, { max: max.phone });
    let subject;
    if (kind === "inquiry") {
      const prefix = contract.INQUIRY_SUBJECT_PREFIX;
      subject = c.field("subject", b.subject, {
        required: true,
        max: max.subject,
        pattern: v.startsWith(prefix),
        patternMessage: `Must start with "${prefix}".`,
      });
    } else {
      subject = c.field("subject", b.subject || contract.CONTACT_SUBJECTS[0], { oneOf: contract.CONTACT_SUBJECTS });
    }
    const message = c.field("message", b.message, {
      required: true,
      max: max.message,
      multiline: true,
      requiredMessage: "Please enter a message.",
    });
    const artworkId = c.field("artworkId", b.artworkId, {
      max: 15,
      pattern: /^[a-z0-9]{15}$/,
      patternMessage: "Invalid artwork.",
    });
    const clientId = c.field("clientId", b.clientId, {
      max: 64,
      pattern: contract.CLIENT_ID_PATTERN,
      patternMessage: "Invalid client id.",
    });
    if (artworkId) {
      try {
        $app.findRecordById(contract.Collections.Artworks, artworkId);
      } catch (_) {
        c.add("artworkId", "validation_not_found", "Unknown artwork.");
      }
    }
    c.throwIfAny();

    const result = contact.submit($app, {
      kind: kind,
      name: name,
      email: email,
      phone: phone,
      subject: subject,
      message: message,
      artworkId: artworkId,
      clientId: clientId,
      ip: require(`${__hooks}/lib/http/client-ip.js`).clientIp(e),
    });
    return e.json(200, { id: result.id });
  },
  $apis.bodyLimit(require(`${__hooks}/lib/http/validate.js`).FORM_BODY_LIMIT),
);
