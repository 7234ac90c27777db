/// <reference path="../pb_data/types.d.ts" />
// Boot-time wiring: env-driven settings and user defaults.

// SITE_URL, SMTP_*, MAIL_FROM and TRUSTED_PROXY change per deployment: apply them on every start.
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/setup/env-settings.js`).applyEnvSettings(e.app);
  require(`${__hooks}/lib/http/client-ip.js`).applyTrustedProxy(e.app);
});

// Every new user is a learner unless a superuser chose otherwise.
onRecordCreate(
  (e) => {
    if (!e.record.getString("role")) e.record.set("role", "learner");
    e.next();
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.Users,
);
