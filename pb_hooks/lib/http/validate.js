// Input checks shared by the form routes (newsletter, contact, viewing room). CommonJS;
// required inside handlers. Every failure becomes a 400 with PocketBase's field-error shape
// {field: {code, message}}.

const contract = require(`${__hooks}/lib/contract.gen.js`);

// Largest JSON body a form route reads (413 above it).
const FORM_BODY_LIMIT = 64 * 1024;

// The same address check as the PWA's forms.
const EMAIL_RE = contract.EMAIL_PATTERN;
// Markup in plain-text fields is refused rather than stored: a tag, a comment or an entity-encoded tag.
const HTML_RE = /<\s*\/?\s*[a-z!?]|&lt;\s*\/?\s*[a-z]/i;
// Control characters other than tab/newline have no place in a form field (header injection,
// NULs), nor characters that disguise text: zero-width space, word joiner, byte order mark and
// the bidirectional overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]/;
// A single-line field holds no line break (a name or address that reaches a mail header).
const LINE_BREAK_RE = /[\r\n\u2028\u2029]/;

function str(v) {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  return null; // numbers, booleans, objects and arrays are not form text
}

/**
 * Creates a collector: `field(name, raw, rules)` returns the cleaned value and remembers
 * errors; `throwIfAny()` raises one BadRequestError listing all of them.
 */
function collector() {
  const errors = {};
  function add(name, code, message) {
    if (!errors[name]) errors[name] = { code: code, message: message };
  }
  function field(name, raw, rules) {
    rules = rules || {};
    const s = str(raw);
    if (s === null) {
      add(name, "validation_invalid_type", "Must be text.");
      return "";
    }
    // checked before whitespace is tidied, which would hide a line break or a byte order mark
    if (CONTROL_RE.test(s)) {
      add(name, "validation_invalid_characters", "Contains characters that are not allowed.");
      return "";
    }
    if (!rules.multiline && LINE_BREAK_RE.test(s)) {
      add(name, "validation_invalid_characters", "Must be one line.");
      return "";
    }
    const value = rules.multiline ? s.replace(/\r\n?/g, "\n").trim() : s.replace(/\s+/g, " ").trim();
    if (!value) {
      if (rules.required) add(name, "validation_required", rules.requiredMessage || "This field is required.");
      return "";
    }
    if (rules.max && value.length > rules.max) {
      add(name, "validation_length_too_long", `Must be at most ${rules.max} characters.`);
      return "";
    }
    if (!rules.allowHtml && HTML_RE.test(value)) {
      add(name, "validation_html_not_allowed", "HTML is not allowed; please send plain text.");
      return "";
    }
    if (rules.email && !EMAIL_RE.test(value)) {
      add(name, "validation_invalid_email", "Please enter a valid email address.");
      return "";
    }
    if (rules.oneOf && rules.oneOf.indexOf(value) === -1) {
      add(name, "validation_invalid_value", `Must be one of: ${rules.oneOf.join(", ")}.`);
      return "";
    }
    if (rules.pattern && !rules.pattern.test(value)) {
      add(name, "validation_invalid_format", rules.patternMessage || "Invalid format.");
      return "";
    }
    return value;
  }
  function throwIfAny(message) {
    const names = Object.keys(errors);
    if (!names.length) return;
    const first = errors[names[0]];
    throw new BadRequestError(message || `${labelOf(names[0])}: ${first.message}`, fieldErrors(errors));
  }
  return { field: field, add: add, errors: errors, throwIfAny: throwIfAny };
}

/**
 * `{field: {code, message}}` as PocketBase answers it. A plain object would not do: the API
 * error keeps only validation errors and replaces anything else with "Invalid value.".
 */
function fieldErrors(errors) {
  const out = {};
  for (const name of Object.keys(errors)) out[name] = new ValidationError(errors[name].code, errors[name].message);
  return out;
}

function labelOf(name) {
  const s = String(name)
    .replace(/([A-Z])/g, " $1")
    .replace(/_/g, " ")
    .trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The JSON body as a plain object (null for anything else). */
function body(e) {
  const info = e.requestInfo();
  const b = info.body;
  if (!b || typeof b !== "object" || Array.isArray(b)) return {};
  return b;
}

// A lowercase slug: words of letters and digits joined by single hyphens.
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A pattern for "starts with `prefix` and has more after it". */
function startsWith(prefix) {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped}.+`);
}

module.exports = { collector, body, fieldErrors, startsWith, FORM_BODY_LIMIT, EMAIL_RE, HTML_RE, SLUG_RE };
