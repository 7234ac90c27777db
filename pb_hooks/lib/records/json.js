// JSON fields read from a record. CommonJS; requires nothing.

/** The parsed value of a JSON field, or null when it is empty or not JSON. */
function jsonField(record, name) {
  try {
    return JSON.parse(record.getString(name) || "null");
  } catch (_) {
    return null;
  }
}

/** An array-valued JSON field (an order's items), [] when it holds anything else. */
function jsonArray(record, name) {
  const v = jsonField(record, name);
  return Array.isArray(v) ? v : [];
}

module.exports = { jsonField, jsonArray };
