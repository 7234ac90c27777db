/// <reference path="../pb_data/types.d.ts" />
// Viewing room: the link mailed to a viewing-room sign-up unlocks the room on any device
// (lib/forms/viewing-room.js makes and checks its token).

routerAdd(
  "POST",
  "/api/atelier/viewing-room/unlock",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    const v = require(`${__hooks}/lib/http/validate.js`);
    const room = require(`${__hooks}/lib/forms/viewing-room.js`);
    const b = v.body(e);
    if (typeof b.token !== "string" || !room.verifyToken($app, b.token)) {
      throw new BadRequestError(
        "This viewing room link is not valid.",
        v.fieldErrors({ token: { code: "validation_invalid_token", message: "Invalid or expired link." } }),
      );
    }
    return e.json(200, { ok: true });
  },
  $apis.bodyLimit(require(`${__hooks}/lib/http/validate.js`).FORM_BODY_LIMIT),
);
