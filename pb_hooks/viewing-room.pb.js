/// <reference path="../pb_data/types.d.ts" />
// Viewing room: the room's works for holders of a valid room pass, and the check of the pass
// in the welcome mail's link (lib/forms/viewing-room.js makes and checks passes; a sign-up
// gets one from subscribe-newsletter).

// The works with their room fields. The pass comes in a header, never in the URL (logs).
routerAdd("GET", "/api/atelier/viewing-room/works", (e) => {
  require(`${__hooks}/lib/http/security-headers.js`).api(e);
  const room = require(`${__hooks}/lib/forms/viewing-room.js`);
  // what the room holds is the visitor's, for this device's cache only
  e.response.header().set("Cache-Control", "no-store");
  const expiresAt = room.verify($app, e.request.header.get("X-Viewing-Room-Pass"));
  if (!expiresAt) {
    throw new UnauthorizedError("Your viewing room access has ended. Please enter your details again.", {
      pass: { code: "viewing_room_pass_invalid", message: "The viewing room pass is missing, expired or ended." },
    });
  }
  return e.json(200, { expiresAt: expiresAt, works: room.works($app) });
});

routerAdd(
  "POST",
  "/api/atelier/viewing-room/unlock",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    const v = require(`${__hooks}/lib/http/validate.js`);
    const room = require(`${__hooks}/lib/forms/viewing-room.js`);
    const b = v.body(e);
    const expiresAt = typeof b.token === "string" ? room.verify($app, b.token) : null;
    if (!expiresAt) {
      throw new BadRequestError(
        "This viewing room link is not valid.",
        v.fieldErrors({ token: { code: "validation_invalid_token", message: "Invalid or expired link." } }),
      );
    }
    return e.json(200, { ok: true, expiresAt: expiresAt });
  },
  $apis.bodyLimit(require(`${__hooks}/lib/http/validate.js`).FORM_BODY_LIMIT),
);
