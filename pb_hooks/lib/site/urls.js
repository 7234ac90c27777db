// The site's public URLs: its origin and the URLs of record files. CommonJS; require inside
// handlers.

/** Public origin without a trailing slash (SITE_URL, applied to meta.appURL at boot). */
function siteUrl() {
  const fromEnv = $os.getenv("SITE_URL");
  const url =
    fromEnv ||
    $app.settings().meta.appURL ||
    `http://${$os.getenv("HOST") || "127.0.0.1"}:${$os.getenv("PORT") || "8090"}`;
  return url.replace(/\/+$/, "");
}

/** The public URL of a record's file (a thumb when `thumb` is given, e.g. "800x0"), or "". */
function fileUrl(record, field, thumb) {
  const name = record ? record.getString(field) : "";
  if (!name) return "";
  const query = thumb ? `?thumb=${thumb}` : "";
  return `${siteUrl()}/api/files/${record.collection().name}/${record.id}/${encodeURIComponent(name)}${query}`;
}

module.exports = { siteUrl, fileUrl };
