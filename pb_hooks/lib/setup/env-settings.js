// Run-time settings from env (SITE_URL, SMTP_*, MAIL_FROM, S3_*, BACKUP_*), applied at every
// boot so they are never frozen in a migration, and re-applied after a backup is restored
// (the restored database brings the settings of its day). Env wins over changes made in
// the admin UI. CommonJS; required inside handlers.

const { env, truthy } = require(`${__hooks}/lib/setup/env.js`);

/** "Name <addr@x>" | "addr@x" → {name, address} */
function parseMailFrom(raw) {
  const s = String(raw || "").trim();
  const m = s.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  if (m) return { name: m[1].trim(), address: m[2].trim() };
  return { name: "", address: s };
}

/**
 * S3-compatible storage for uploaded files, on when S3_ENDPOINT or S3_BUCKET is set.
 * Half a configuration is refused at boot: files would otherwise land on local disk unseen.
 */
function s3FromEnv() {
  if (!env("S3_ENDPOINT", "") && !env("S3_BUCKET", "")) return { enabled: false };
  const missing = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY", "S3_SECRET"].filter((name) => !env(name, ""));
  if (missing.length) {
    throw new Error(
      `S3 storage is half configured: set ${missing.join(", ")} as well, or unset S3_ENDPOINT and S3_BUCKET to keep files on local disk.`,
    );
  }
  return {
    enabled: true,
    endpoint: env("S3_ENDPOINT", ""),
    bucket: env("S3_BUCKET", ""),
    region: env("S3_REGION", "us-east-1"),
    accessKey: env("S3_ACCESS_KEY", ""),
    secret: env("S3_SECRET", ""),
    forcePathStyle: truthy(env("S3_FORCE_PATH_STYLE", "")),
  };
}

/**
 * Automatic backups: BACKUP_CRON (default daily at 03:00, "off" disables), keeping the
 * newest BACKUP_KEEP (default 7). They go to BACKUP_S3_BUCKET on the S3 endpoint when set
 * (a bucket of its own: backups hold the whole database), else to pb_data/backups.
 */
function backupsFromEnv(s3) {
  const rawCron = env("BACKUP_CRON", "0 3 * * *").trim();
  const cron = /^off$/i.test(rawCron) ? "" : rawCron;
  const rawKeep = env("BACKUP_KEEP", "7").trim();
  if (!/^[1-9][0-9]*$/.test(rawKeep))
    throw new Error(`BACKUP_KEEP must be a whole number of at least 1 (got "${rawKeep}").`);
  const bucket = env("BACKUP_S3_BUCKET", "");
  if (bucket && !s3.enabled)
    throw new Error(
      "BACKUP_S3_BUCKET needs the S3 connection: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET.",
    );
  if (bucket && bucket === s3.bucket) {
    throw new Error(
      "BACKUP_S3_BUCKET must differ from S3_BUCKET: backups hold the whole database and belong in a bucket of their own.",
    );
  }
  return {
    cron: cron,
    keep: Number(rawKeep),
    s3: bucket ? Object.assign({}, s3, { bucket: bucket }) : { enabled: false },
  };
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
    s3: s3FromEnv(),
  };
}

function putS3(put, target, want) {
  put(target, "enabled", want.enabled);
  if (!want.enabled) return;
  for (const key of ["endpoint", "bucket", "region", "accessKey", "secret", "forcePathStyle"])
    put(target, key, want[key]);
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
    put(
      s.meta,
      "senderName",
      want.sender.name || s.meta.appName || require(`${__hooks}/lib/contract.gen.js`).FALLBACK_SITE_NAME,
    );
  }
  put(s.smtp, "enabled", want.smtp.enabled);
  if (want.smtp.enabled) {
    put(s.smtp, "host", want.smtp.host);
    put(s.smtp, "port", want.smtp.port);
    put(s.smtp, "username", want.smtp.username);
    put(s.smtp, "password", want.smtp.password);
    put(s.smtp, "tls", want.smtp.tls);
  }
  putS3(put, s.s3, want.s3);
  const backups = backupsFromEnv(want.s3);
  put(s.backups, "cron", backups.cron);
  put(s.backups, "cronMaxKeep", backups.keep);
  putS3(put, s.backups.s3, backups.s3);
  if (changed) app.save(s);
  return changed;
}

module.exports = { applyEnvSettings };
