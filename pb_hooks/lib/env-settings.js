// Run-time settings from env (SITE_URL, SMTP_*, MAIL_FROM), applied at every boot so
// they are never frozen in a migration. CommonJS; required inside handlers.

function env(name, fallback) {
  const v = $os.getenv(name);
  return v === "" || v === undefined || v === null ? fallback : v;
}

function truthy(v) {
  return /^(1|true|yes|on)$/i.test(String(v || "").trim());
}

/** "Name <addr@x>" | "addr@x" → {name, address} */
function parseMailFrom(raw) {
  const s = String(raw || "").trim();
  const m = s.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  if (m) return { name: m[1].trim(), address: m[2].trim() };
  return { name: "", address: s };
}

/** The values the settings should hold, derived from env. */
function desiredSettings() {
  const host = env("HOST", "127.0.0.1");
  const port = env("PORT", "8090");
  const appURL = env("SITE_URL", `http://${host}:${port}`).replace(/\/+$/, "");
  const smtpHost = env("SMTP_HOST", "");
  const from = parseMailFrom(env("MAIL_FROM", ""));
  return {
    appURL,
    smtp: smtpHost
      ? {
          enabled: true,
          host: smtpHost,
          port: Number.parseInt(env("SMTP_PORT", "587"), 10) || 587,
          username: env("SMTP_USERNAME", ""),
          password: env("SMTP_PASSWORD", ""),
          tls: truthy(env("SMTP_TLS", "")),
        }
      : { enabled: false },
    sender: from.address ? { address: from.address, name: from.name } : null,
  };
}

/** Applies env to app settings; saves only when something changed. Returns true if saved. */
function applyEnvSettings(app) {
  const want = desiredSettings();
  const s = app.settings();
  let changed = false;
  const put = (obj, key, value) => {
    if (obj[key] !== value) {
      obj[key] = value;
      changed = true;
    }
  };

  put(s.meta, "appURL", want.appURL);
  if (want.sender) {
    put(s.meta, "senderAddress", want.sender.address);
    put(s.meta, "senderName", want.sender.name || s.meta.appName || "Atelier");
  }
  put(s.smtp, "enabled", want.smtp.enabled);
  if (want.smtp.enabled) {
    put(s.smtp, "host", want.smtp.host);
    put(s.smtp, "port", want.smtp.port);
    put(s.smtp, "username", want.smtp.username);
    put(s.smtp, "password", want.smtp.password);
    put(s.smtp, "tls", want.smtp.tls);
  }
  if (changed) app.save(s);
  return changed;
}

module.exports = { applyEnvSettings, desiredSettings, parseMailFrom };
