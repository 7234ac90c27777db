// Reading the process environment (the operator's settings). CommonJS; require inside
// handlers.

/** The variable's value, or `fallback` ("" when not given) when it is unset or empty. */
function env(name, fallback) {
  const v = $os.getenv(name);
  if (v === "" || v === undefined || v === null) return fallback === undefined ? "" : fallback;
  return String(v);
}

/** "1", "true", "yes" or "on", in any case, white space around it ignored. */
function truthy(v) {
  return /^(1|true|yes|on)$/i.test(String(v || "").trim());
}

module.exports = { env, truthy };
