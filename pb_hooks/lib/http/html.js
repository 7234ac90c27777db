// Text put into HTML the hooks write (mail bodies, head tags, the small hook pages).
// CommonJS; requires nothing.

/** `value` as HTML text or attribute value (null and undefined as ""). */
function escapeHtml(value) {
  return String(value == null ? "" : value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

module.exports = { escapeHtml };
