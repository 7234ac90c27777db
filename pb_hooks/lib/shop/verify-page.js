// GET /verify/<code>: the public page that checks a certificate (the QR code on every
// certificate opens it). Server-rendered HTML with no script: the print or course, the edition
// number, the date and whether the certificate is valid, void (refunded) or unknown. It shows
// nothing about the buyer or the learner. Rate-limited per address by PocketBase (settings).
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { escapeHtml } = require(`${__hooks}/lib/http/html.js`);
const { siteUrl } = require(`${__hooks}/lib/site/urls.js`);
const { artistName } = require(`${__hooks}/lib/site/settings.js`);

const STYLE =
  "body{margin:0;background:#f6f3ee;color:#1d1b18;font-family:Georgia,serif}" +
  "main{max-width:640px;margin:6vh auto;padding:0 20px}" +
  ".who{letter-spacing:.12em;text-transform:uppercase;font-size:13px;color:#6b6158}" +
  "h1{font-weight:normal;font-size:28px;margin:.2em 0 .6em}" +
  ".badge{display:inline-block;padding:6px 12px;font:600 15px system-ui,sans-serif;letter-spacing:.04em}" +
  ".valid{background:#1f5c3a;color:#fff}.void{background:#8a1f1f;color:#fff}.unknown{background:#6b6158;color:#fff}" +
  ".card{display:flex;gap:20px;align-items:flex-start;background:#fffdf9;padding:20px;margin:20px 0}" +
  ".card img{width:140px;height:auto;flex:none}dl{margin:0}dt{font-size:13px;color:#6b6158;margin-top:10px}" +
  "dd{margin:2px 0 0;font-size:18px}.code{font-family:ui-monospace,monospace;letter-spacing:.08em}" +
  "p{line-height:1.6}a{color:#1d1b18}@media (max-width:520px){.card{flex-direction:column}.card img{width:100%}}";

function styleHash() {
  return `sha256-${require(`${__hooks}/lib/http/security-headers.js`).hexToBase64($security.sha256(STYLE))}`;
}

function printImage(cert) {
  try {
    const print = $app.findRecordById(Collections.Prints, cert.getString("print_id"));
    const file = print.getString("main_image") || print.getString("cover_image");
    if (!file || !print.getBool("is_active")) return "";
    return `/api/files/${print.collection().id}/${print.id}/${encodeURIComponent(file)}?thumb=400x0`;
  } catch (_) {
    return "";
  }
}

function page(title, inner) {
  const artist = escapeHtml(artistName());
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${artist}</title><style>${STYLE}</style></head>` +
    `<body><main><p class="who">${artist}</p>${inner}<p><a href="${escapeHtml(siteUrl())}/">${artist} — back to the site</a></p></main></body></html>`
  );
}

/** The page for a code as typed in the URL. Returns {status, html}. */
function render(rawCode) {
  const esc = escapeHtml;
  const certs = require(`${__hooks}/lib/shop/certificates.js`);
  const code = certs.normalizeCode(rawCode);
  let cert = null;
  if (code) {
    try {
      cert = $app.findFirstRecordByData(Collections.Certificates, "code", code);
    } catch (_) {}
  }
  if (!cert) {
    const shown = esc(String(rawCode || "").slice(0, 40));
    return {
      status: 404,
      html: page(
        "Certificate not found",
        `<h1>Certificate not found</h1><p><span class="badge unknown" data-status="unknown">Unknown</span></p><p>No certificate has the code <span class="code">${shown}</span>. Check the code printed under the QR code on the certificate (12 characters, like ABCD-2345-WXYZ).</p>`,
      ),
    };
  }
  const valid = cert.getString("status") === "valid";
  const isPrint = cert.getString("kind") === "print";
  const date = cert.getString("issued_at").slice(0, 10);
  const img = isPrint ? printImage(cert) : "";
  const facts = isPrint
    ? `<dt>Print</dt><dd>${esc(cert.getString("title"))}</dd><dt>Edition number</dt><dd>${cert.getInt("edition_number")}/${cert.getInt("edition_size")}</dd>` +
      `${cert.getString("medium") ? `<dt>Medium</dt><dd>${esc(cert.getString("medium"))}</dd>` : ""}${cert.getString("size") ? `<dt>Size</dt><dd>${esc(cert.getString("size"))}</dd>` : ""}` +
      `<dt>Date of sale</dt><dd>${esc(date)}</dd>`
    : `<dt>Course</dt><dd>${esc(cert.getString("title"))}</dd><dt>Completed on</dt><dd>${esc(date)}</dd>`;
  const kind = isPrint ? "Certificate of authenticity" : "Certificate of completion";
  const verdict = valid
    ? `<p><span class="badge valid" data-status="valid">Valid</span></p><p>This ${isPrint ? "certificate of authenticity was issued by the artist for this copy" : "certificate was issued by the artist to a learner who completed the course"}.</p>`
    : `<p><span class="badge void" data-status="void">Void</span></p><p>This certificate is no longer valid${cert.getString("void_reason") ? `: ${esc(cert.getString("void_reason").replace(/\.$/, "").toLowerCase())}` : ""}.</p>`;
  return {
    status: 200,
    html: page(
      `${kind} ${certs.formatCode(code)}`,
      `<h1>${kind}</h1>${verdict}<div class="card">${img ? `<img src="${esc(img)}" alt="${esc(cert.getString("title"))}">` : ""}<dl>${facts}<dt>Code</dt><dd class="code">${certs.formatCode(code)}</dd></dl></div>`,
    ),
  };
}

function send(e, rawCode) {
  const r = render(rawCode);
  require(`${__hooks}/lib/http/security-headers.js`).hookPage(e, styleHash());
  // a void certificate must not stay valid in a cache
  e.response.header().set("Cache-Control", "no-store");
  e.response.header().set("X-Robots-Tag", "noindex");
  return e.html(r.status, r.html);
}

module.exports = { send };
