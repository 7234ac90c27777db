/// <reference path="../pb_data/types.d.ts" />
// After the sale: the buyer's private order page (its data and certificate PDFs), the public
// certificate check /verify/<code>, the artist's order edits (shipping, refunds, returned
// copies), completion certificates, and the jobs that finish what could not be done at once.
// Logic lives in pb_hooks/lib/shop (order-*.js, refunds.js, certificates.js, verify-page.js).

routerAdd("GET", "/api/atelier/order/{token}", (e) => {
  require(`${__hooks}/lib/http/security-headers.js`).api(e);
  const token = e.request.pathValue("token");
  const order = require(`${__hooks}/lib/shop/order-access.js`).orderFor(e.app, token);
  if (!order) throw new NotFoundError("This order link is not valid. Use the link in your order email.");
  e.response.header().set("Cache-Control", "private, no-store");
  e.response.header().set("X-Robots-Tag", "noindex");
  return e.json(200, require(`${__hooks}/lib/shop/order-page.js`).view(e.app, order, token));
});

routerAdd("GET", "/api/atelier/order/{token}/certificates/{code}", (e) => {
  const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
  const order = require(`${__hooks}/lib/shop/order-access.js`).orderFor(e.app, e.request.pathValue("token"));
  const code = require(`${__hooks}/lib/shop/certificates.js`).normalizeCode(e.request.pathValue("code"));
  let cert = null;
  if (order && code) {
    const rows = e.app.findRecordsByFilter(Collections.Certificates, "order_id = {:o} && code = {:c}", "", 1, 0, {
      o: order.id,
      c: code,
    });
    cert = rows[0] || null;
  }
  if (!cert) {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    throw new NotFoundError("No such certificate for this order.");
  }
  return require(`${__hooks}/lib/shop/certificates.js`).servePdf(e, cert);
});

routerAdd("GET", "/verify/{code}", (e) =>
  require(`${__hooks}/lib/shop/verify-page.js`).send(e, e.request.pathValue("code")),
);
routerAdd("GET", "/verify", (e) => require(`${__hooks}/lib/shop/verify-page.js`).send(e, ""));

// The artist's saves of an order in the admin UI (superuser): only her fields, checked against
// the order as it is inside the transaction; what follows runs after the commit.
onRecordUpdateRequest(
  (e) => {
    let change = null;
    e.app.runInTransaction((txApp) => {
      change = require(`${__hooks}/lib/shop/order-admin.js`).beforeUpdate(txApp, e.record);
      e.app = txApp;
      e.next();
    });
    require(`${__hooks}/lib/shop/order-admin.js`).afterUpdate(e.record.id, change);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.Orders,
);

// A learner's last chapter completed: the completion certificate, once (after the progress write
// committed; a batch of progress rows commits first).
onRecordAfterCreateSuccess(
  (e) => {
    e.next();
    require(`${__hooks}/lib/shop/certificates.js`).onChapterProgress($app, e.record);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.ChapterProgress,
);
onRecordAfterUpdateSuccess(
  (e) => {
    e.next();
    require(`${__hooks}/lib/shop/certificates.js`).onChapterProgress($app, e.record);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.ChapterProgress,
);

// PDFs the renderer could not make at once (it was down or busy): at most 40 s a minute.
cronAdd("atelier_certificates", "* * * * *", () => {
  const n = require(`${__hooks}/lib/shop/certificates.js`).backfill($app, 40000);
  if (n) $app.logger().info("made certificate PDFs", "count", n);
});

// Refunds the artist asked for that Stripe has not taken yet.
cronAdd("atelier_refund_requests", "* * * * *", () => {
  require(`${__hooks}/lib/shop/refunds.js`).retryRequested();
});
