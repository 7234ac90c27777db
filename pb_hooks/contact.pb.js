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
    const form = require(`${__hooks}/lib/http/form-post.js`);
    const contract = require(`${__hooks}/lib/contract.gen.js`);
    const max = contract.FORM_LIMITS;
    // the app's JSON, or the fields of the HTML form the browser posted itself
    const b = form.body(e);
    const c = v.collector();
    const kind = c.field("kind", b.kind || "contact", { oneOf: contract.Enums.contact_messages.kind }) || "contact";
    form.setForm(e, kind);
    // An inquiry sent as its form's fields (first and last name, comments): the subject and
    // message are written here from the artwork's record. One sent with a ready subject and
    // message (an older app's queued row) is checked as it is.
    const parts = kind === "inquiry" && b.message === undefined;
    let name;
    let comments = "";
    if (parts) {
      const first = c.field("firstName", b.firstName, {
        required: true,
        max: max.namePart,
        requiredMessage: "Please enter your first name.",
      });
      const last = c.field("lastName", b.lastName, {
        required: true,
        max: max.namePart,
        requiredMessage: "Please enter your last name.",
      });
      comments = c.field("comments", b.comments, { max: max.comments, multiline: true });
      name = { first: first, last: last };
    } else {
      name = c.field("name", b.name, { required: true, max: max.name, requiredMessage: "Please enter your name." });
    }
    const email = c.field("email", b.email, {
      required: true,
      email: true,
      max: max.email,
      requiredMessage: "Please enter your email address.",
    });
    let phone = c.field("phone", b.phone, { max: max.phone });
    let subject = "";
    let message = "";
    if (parts) {
      // written below from the artwork
    } else if (kind === "inquiry") {
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
    if (!parts) {
      message = c.field("message", b.message, {
        required: true,
        max: max.message,
        multiline: true,
        requiredMessage: "Please enter a message.",
      });
    }
    const artworkId = c.field("artworkId", b.artworkId, {
      required: parts,
      max: 15,
      pattern: /^[a-z0-9]{15}$/,
      patternMessage: "Invalid artwork.",
    });
    const clientId = c.field("clientId", b.clientId, {
      max: 64,
      pattern: contract.CLIENT_ID_PATTERN,
      patternMessage: "Invalid client id.",
    });
    let artwork = null;
    if (artworkId) {
      try {
        artwork = $app.findRecordById(contract.Collections.Artworks, artworkId);
      } catch (_) {
        c.add("artworkId", "validation_not_found", "Unknown artwork.");
      }
    }
    c.throwIfAny();
    if (parts) {
      const built = require(`${__hooks}/lib/forms/inquiry.js`).buildInquiry(
        { firstName: name.first, lastName: name.last, email: email, phone: phone, comments: comments },
        {
          title: artwork.getString("title"),
          year: artwork.getInt("year"),
          medium: artwork.getString("medium"),
          dimensions: artwork.getString("dimensions"),
          slug: artwork.getString("slug"),
        },
        contract.INQUIRY_SUBJECT_PREFIX,
      );
      name = built.name;
      phone = built.phone;
      subject = built.subject;
      message = built.message;
    }

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
    return form.answer(e, "contact", { id: result.id });
  },
  $apis.bodyLimit(require(`${__hooks}/lib/http/validate.js`).FORM_BODY_LIMIT),
  // a browser's own form post gets a result page for any outcome (lib/http/form-post.js)
  new Middleware((e) => require(`${__hooks}/lib/http/form-post.js`).guard(e, "contact"), -1100),
);
