// Dates as PocketBase stores them ("2026-11-24 10:00:00.000Z", UTC). CommonJS; requires
// nothing.

/** Epoch ms in PocketBase's date format. */
function isoAt(ms) {
  return new Date(ms).toISOString().replace("T", " ");
}

/** Now (plus `offsetSeconds`), in PocketBase's date format. */
function nowIso(offsetSeconds) {
  return isoAt(Date.now() + (offsetSeconds || 0) * 1000);
}

/** PocketBase's "2026-11-24 10:00:00.000Z" → epoch ms (0 when empty or invalid). */
function parseDate(s) {
  const t = s ? Date.parse(String(s).replace(" ", "T")) : NaN;
  return Number.isFinite(t) ? t : 0;
}

module.exports = { isoAt, nowIso, parseDate };
