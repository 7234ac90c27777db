// The site's response-header policy, in one place: the Content-Security-Policy and the other
// security headers of the app's HTML (and everything else GET /{path...} serves), of the small
// pages the hooks render themselves, and of the hooks' API routes. PocketBase's own routes keep
// its Go defaults (nosniff, X-Frame-Options, X-XSS-Protection): a global JS middleware would
// take a hook VM for every request. CommonJS; requires nothing, so unit tests load it in Node.

const GSI = "https://accounts.google.com/gsi/";

function text(v) {
  return v === undefined || v === null ? "" : String(v).trim();
}

/** "https://a.example:8443" from a URL, or "" when it is not an http(s) URL. */
function originOf(url) {
  const m = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?(?:[/?#]|$)/i.exec(text(url));
  return m ? `${m[1]}://${m[2]}${m[3] || ""}`.toLowerCase() : "";
}

/** The analytics script's origin: https, or http on a loopback host (local tries); else "". */
function scriptOrigin(url) {
  const origin = originOf(url);
  if (/^https:/.test(origin) || /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(origin)) return origin;
  return "";
}

/**
 * What the policy depends on, from env (a getter such as $os.getenv): Google sign-in's
 * origins only with a client id, the analytics origin only when a script is configured,
 * HSTS and upgrades only when the public origin is https.
 */
function settingsFrom(getenv) {
  const site = text(getenv("SITE_URL"));
  return {
    google: text(getenv("GOOGLE_CLIENT_ID")) !== "",
    analytics: scriptOrigin(getenv("ANALYTICS_SCRIPT_URL")),
    https: /^https:\/\//i.test(site),
  };
}

function serialize(directives) {
  return Object.keys(directives)
    .filter((k) => directives[k] !== null)
    .map((k) => (directives[k].length ? `${k} ${directives[k].join(" ")}` : k))
    .join("; ");
}

/**
 * The app's policy. No eval'd script, and one inline script: the boot script at the top of
 * every page (scripts/vite/boot-after-paint.ts), allowed by its hash (`scriptHashes`,
 * "sha256-…", taken from the served shell); a hash, unlike a nonce, keeps the HTML cacheable.
 * The server-rendered head only adds JSON data blocks (ld+json, application/json), which are
 * not executed and need nothing. Inline
 * style attributes are allowed (rendered markup carries them); style elements are not.
 * The analytics origin is allowed whenever a script is configured: the app itself only
 * loads it after the visitor accepts (the consent is the app's, the policy cannot see it).
 */
function appPolicy(s, scriptHashes) {
  const analytics = s.analytics ? [s.analytics] : [];
  const hashes = (scriptHashes || []).filter((h) => /^sha256-[A-Za-z0-9+/]{43}=$/.test(h)).map((h) => `'${h}'`);
  return serialize({
    "default-src": ["'self'"],
    "script-src": ["'self'"].concat(hashes, s.google ? [`${GSI}client`] : [], analytics),
    "style-src": ["'self'"].concat(s.google ? [`${GSI}style`] : []),
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"].concat(analytics),
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"].concat(s.google ? [GSI] : [], analytics),
    "frame-src": s.google ? [GSI] : ["'none'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Checkout is a navigation to Stripe, not a form post; this keeps any form on the site.
    "form-action": ["'self'", "https://checkout.stripe.com"],
    "frame-ancestors": ["'none'"],
    "upgrade-insecure-requests": s.https ? [] : null,
  });
}

/** A page the hooks render (newsletter confirm/unsubscribe): its one style block, a form to the site. */
function hookPagePolicy(s, styleHash) {
  return serialize({
    "default-src": ["'none'"],
    "style-src": [`'${styleHash}'`],
    "img-src": ["'self'"],
    "form-action": ["'self'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "upgrade-insecure-requests": s.https ? [] : null,
  });
}

// JSON is never a document: nothing may load or frame it.
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

function common(s) {
  const h = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (s.https) h["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return h;
}

/** Every header of an app response, by name. */
function appHeaders(s, scriptHashes) {
  const h = common(s);
  h["Content-Security-Policy"] = appPolicy(s, scriptHashes);
  // Google's sign-in popup talks back to its opener.
  h["Cross-Origin-Opener-Policy"] = "same-origin-allow-popups";
  h["Permissions-Policy"] = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";
  return h;
}

function hookPageHeaders(s, styleHash) {
  const h = common(s);
  h["Content-Security-Policy"] = hookPagePolicy(s, styleHash);
  h["Referrer-Policy"] = "no-referrer";
  h["Cross-Origin-Opener-Policy"] = "same-origin";
  return h;
}

function apiHeaders(s) {
  const h = common(s);
  h["Content-Security-Policy"] = API_POLICY;
  h["Referrer-Policy"] = "no-referrer";
  return h;
}

function setAll(e, headers) {
  const out = e.response.header();
  for (const name of Object.keys(headers)) out.set(name, headers[name]);
}

function envSettings() {
  return settingsFrom((name) => $os.getenv(name));
}

/**
 * The app (GET /{path...}): HTML shell, assets, service worker. A page passes the hashes of
 * its inline scripts ("sha256-<base64>").
 */
function app(e, scriptHashes) {
  setAll(e, appHeaders(envSettings(), scriptHashes));
}

/** A page rendered by a hook, whose only style is the block with this CSP hash ("sha256-…"). */
function hookPage(e, styleHash) {
  setAll(e, hookPageHeaders(envSettings(), styleHash));
}

/** The hooks' own API routes. */
function api(e) {
  setAll(e, apiHeaderValues());
}

/** The API routes' headers for this process's env (lib/http/api-headers.js keeps them). */
function apiHeaderValues() {
  return apiHeaders(envSettings());
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 of the bytes a hex string spells (a CSP hash source is the base64 digest). */
function hexToBase64(hex) {
  const bytes = [];
  for (let i = 0; i + 1 < hex.length; i += 2) bytes.push(Number.parseInt(hex.slice(i, i + 2), 16));
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : "=";
    out += i + 2 < bytes.length ? B64[n & 63] : "=";
  }
  return out;
}

module.exports = { app, hookPage, api, apiHeaderValues, settingsFrom, appHeaders, scriptOrigin, hexToBase64 };
