// The one way hooks send mail: PocketBase's mailer (SMTP settings applied at boot),
// a shared HTML layout, and a mail_log row for every attempt. CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { escapeHtml } = require(`${__hooks}/lib/http/html.js`);
const { artistName } = require(`${__hooks}/lib/site/settings.js`);
const { siteUrl } = require(`${__hooks}/lib/site/urls.js`);

/**
 * Wraps body HTML (already escaped by the caller) in the site's mail layout.
 * `footerHtml` carries e.g. the unsubscribe link.
 */
function layout(opts) {
  const name = escapeHtml(artistName());
  return `<!doctype html><html><body style="margin:0;background:#f5f1ea;font-family:Georgia,serif;color:#2a2622">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fffdf9;padding:32px">
<tr><td style="font-size:13px;letter-spacing:.12em;text-transform:uppercase;color:#8a7f72">${name}</td></tr>
<tr><td style="padding-top:16px"><h1 style="font-weight:normal;font-size:24px;margin:0 0 16px">${escapeHtml(opts.title)}</h1>
<div style="font-size:16px;line-height:1.6">${opts.bodyHtml}</div></td></tr>
<tr><td style="padding-top:32px;font-size:12px;color:#8a7f72;line-height:1.5">${opts.footerHtml || ""}
<p style="margin:8px 0 0"><a href="${siteUrl()}/" style="color:#8a7f72">${name}</a> · Stockholm, Sweden</p></td></tr>
</table></td></tr></table></body></html>`;
}

/**
 * Sends one message and records it in mail_log. Never throws: returns {ok, error}
 * so callers can store what the visitor sent even when mail fails.
 *
 * opts: {to, subject, html, text?, replyTo?, headers?, kind, ref?}
 */
function send(opts) {
  const settings = $app.settings();
  const headers = Object.assign({}, opts.headers || {});
  if (opts.replyTo) headers["Reply-To"] = opts.replyTo;
  let error = "";
  try {
    const message = new MailerMessage({
      from: {
        address: settings.meta.senderAddress || $os.getenv("MAIL_FROM") || "studio@example.com",
        name: settings.meta.senderName || artistName(),
      },
      to: [{ address: opts.to }],
      subject: opts.subject,
      html: opts.html,
      text: opts.text || "",
      headers: headers,
    });
    $app.newMailClient().send(message);
  } catch (err) {
    error = String(err?.message ? err.message : err);
  }
  try {
    const log = new Record($app.findCollectionByNameOrId(Collections.MailLog));
    log.set("to", opts.to);
    log.set("subject", opts.subject);
    log.set("kind", opts.kind || "other");
    log.set("status", error ? "failed" : "sent");
    log.set("error", error.slice(0, 1000));
    log.set("ref", opts.ref || "");
    $app.save(log);
  } catch (logErr) {
    $app.logger().error("mail_log write failed", "error", String(logErr));
  }
  if (error) $app.logger().error("mail send failed", "to", opts.to, "subject", opts.subject, "error", error);
  return { ok: !error, error: error };
}

module.exports = { send, layout };
