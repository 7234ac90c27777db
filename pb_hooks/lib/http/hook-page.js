// A small standalone HTML page answered by a hook (the newsletter's confirm and unsubscribe
// links): one style block allowed by its hash, no script, and optionally one button that
// POSTs back to the site. CommonJS; required inside handlers.

const { artistName } = require(`${__hooks}/lib/site/settings.js`);
const { escapeHtml } = require(`${__hooks}/lib/http/html.js`);
const { siteUrl } = require(`${__hooks}/lib/site/urls.js`);
const STYLE =
  "body{margin:0;background:#f6f3ee;color:#1d1b18;font-family:Georgia,serif}" +
  "main{max-width:560px;margin:12vh auto;padding:0 24px}" +
  ".who{letter-spacing:.12em;text-transform:uppercase;font-size:13px;color:#6b6158}" +
  "h1{font-weight:normal}.msg{font-size:18px;line-height:1.6}a{color:#1d1b18}" +
  "button{font:inherit;font-size:16px;background:#1d1b18;color:#fffdf9;border:0;padding:12px 20px;cursor:pointer}" +
  "button:focus-visible{outline:3px solid #8a7f72;outline-offset:2px}";

/** The CSP source for STYLE ("sha256-<base64>"). */
function styleHash() {
  return `sha256-${require(`${__hooks}/lib/http/security-headers.js`).hexToBase64($security.sha256(STYLE))}`;
}

/**
 * The page's HTML. opts: {title, message, form?: {action, button, fields?: {name: value}}}.
 * `action` must be a same-site path; every value is escaped.
 */
function html(opts) {
  const artist = escapeHtml(artistName());
  let form = "";
  if (opts.form) {
    const fields = opts.form.fields || {};
    const hidden = Object.keys(fields)
      .map((k) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(fields[k])}">`)
      .join("");
    form = `<form method="post" action="${escapeHtml(opts.form.action)}">${hidden}<button type="submit">${escapeHtml(opts.form.button)}</button></form>`;
  }
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(opts.title)} | ${artist}</title><style>${STYLE}</style></head>` +
    `<body><main><p class="who">${artist}</p><h1>${escapeHtml(opts.title)}</h1><p class="msg">${escapeHtml(opts.message)}</p>${form}` +
    `<p><a href="${escapeHtml(siteUrl())}/">Back to the site</a></p></main></body></html>`
  );
}

/** Answers with the page and its headers (CSP, no caching: the page reflects a token's state). */
function send(e, status, opts) {
  require(`${__hooks}/lib/http/security-headers.js`).hookPage(e, styleHash());
  e.response.header().set("Cache-Control", "no-store");
  return e.html(status, html(opts));
}

module.exports = { send, html, STYLE };
