/// <reference path="../pb_data/types.d.ts" />
// Consent-gated analytics: ANALYTICS_SCRIPT_URL (optional) names a third-party script the app
// loads only after the visitor accepts. The config route tells the app whether to ask; the
// consent route records each answer (analytics_consents). The CSP allows the script's origin
// only when it is configured (lib/http/security-headers.js).

routerAdd("GET", "/api/atelier/analytics-config", (e) => {
  require(`${__hooks}/lib/http/security-headers.js`).api(e);
  e.response.header().set("Cache-Control", "no-cache");
  return e.json(200, require(`${__hooks}/lib/forms/analytics.js`).publicConfig());
});

routerAdd(
  "POST",
  "/api/atelier/analytics-consent",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    require(`${__hooks}/lib/forms/analytics.js`).recordConsent(
      $app,
      require(`${__hooks}/lib/http/validate.js`).body(e),
    );
    return e.json(200, { ok: true });
  },
  $apis.bodyLimit(4096),
);
