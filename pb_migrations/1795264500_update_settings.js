/// <reference path="../pb_data/types.d.ts" />
// App settings that do not depend on the environment. SMTP, the app URL and the sender
// are applied at boot from env (pb_hooks/bootstrap.pb.js), not frozen here.
migrate(
  (app) => {
    const s = app.settings();
    s.meta.appName = "Atelier";
    // the offline outbox sends progress and forms in batches
    s.batch.enabled = true;
    s.batch.maxRequests = 200;
    s.batch.timeout = 10;
    // behind a TLS proxy the client IP is in X-Forwarded-For (rightmost = added by the proxy)
    s.trustedProxy.headers = ["X-Forwarded-For"];
    s.trustedProxy.useLeftmostIP = false;
    s.rateLimits.enabled = true;
    s.rateLimits.rules = [
      // sign-in (OAuth2 code exchange, token refresh)
      { label: "*:auth", audience: "", duration: 3, maxRequests: 2 },
      // record creates through the API (progress rows)
      { label: "*:create", audience: "", duration: 5, maxRequests: 20 },
      // public forms: contact, inquiry, newsletter, checkout
      { label: "POST /api/atelier/", audience: "", duration: 60, maxRequests: 20 },
      // the outbox drains in batches of up to 200 writes
      { label: "/api/batch", audience: "", duration: 1, maxRequests: 3 },
      { label: "/api/", audience: "", duration: 10, maxRequests: 300 },
    ];
    app.save(s);
  },
  (app) => {
    const s = app.settings();
    s.batch.enabled = false;
    s.batch.maxRequests = 50;
    s.batch.timeout = 3;
    s.trustedProxy.headers = [];
    s.rateLimits.enabled = false;
    app.save(s);
  },
);
