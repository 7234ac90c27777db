// Checks the body of a records-API write by a signed-in user (never a superuser) before
// PocketBase casts it: PocketBase would store 12345 sent for a text field as "12345", read
// "yes" as false and any odd date as none. The collections such users may write (their own
// account, chapter progress and task ticks, and, for admins, chapter text and video) name
// each field they accept and its kind; anything else is refused with a 400. CommonJS;
// required inside handlers.

// Characters no stored text may hold: C0 controls but tab and line breaks, DEL, zero-width
// space, word joiner, byte order mark, and the bidirectional overrides and isolates (they
// make text read differently from what it is).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]/;
const LINE_BREAK = /[\r\n]/;
// Plain-text fields hold no markup (the forms refuse it too: lib/http/validate.js).
const MARKUP = /<\s*\/?\s*[a-z!?]|&lt;\s*\/?\s*[a-z]/i;
const ID = /^[a-z0-9]{15}$/;
const DATE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
// Device times: nothing before this, nor more than a year ahead of the server.
const EARLIEST = Date.parse("2000-01-01T00:00:00Z");
const AHEAD_MS = 366 * 24 * 3600 * 1000;

/** Removes the characters UNSAFE names (for text that arrives from elsewhere, e.g. Google). */
function clean(text) {
  return String(text || "").replace(new RegExp(UNSAFE.source, "g"), "");
}

/**
 * The problem with one value of a field kind, or "" when it is fine. `form`: the value came
 * from form data, where every value is text (PocketBase has already turned "12" into 12).
 */
function problem(kind, raw, form, max) {
  // null only clears a file (a date is cleared with "")
  if (raw === null || raw === undefined) return kind === "file" ? "" : "Must not be empty.";
  let value = raw;
  if (form && (typeof raw === "number" || typeof raw === "boolean")) value = String(raw);
  else if (form && raw && typeof raw.string === "function") value = raw.string(); // a cast date
  switch (kind) {
    case "text":
    case "multiline": {
      if (typeof value !== "string") return "Must be text.";
      if (UNSAFE.test(value)) return "Contains characters that are not allowed.";
      if (kind === "text" && LINE_BREAK.test(value)) return "Must be one line.";
      if (kind === "text" && MARKUP.test(value)) return "HTML is not allowed; please send plain text.";
      if (max && value.length > max) return `Must be at most ${max} characters.`;
      return "";
    }
    case "bool":
      if (form) return value === "true" || value === "false" || value === "" ? "" : "Must be true or false.";
      return typeof value === "boolean" ? "" : "Must be true or false.";
    case "seconds": {
      const n = form ? (/^\d{1,9}(\.\d{1,3})?$/.test(value) ? Number(value) : Number.NaN) : value;
      if (form && value === "") return "";
      if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 1e7) return "Must be a number of seconds.";
      return "";
    }
    case "whole": {
      const n = form ? (/^\d{1,9}$/.test(value) ? Number(value) : Number.NaN) : value;
      if (form && value === "") return "";
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 1e7) return "Must be a whole number.";
      return "";
    }
    case "date": {
      if (value === "") return "";
      if (typeof value !== "string" || !DATE.test(value)) return "Must be a date (UTC, ISO 8601).";
      const t = Date.parse(value.replace(" ", "T"));
      if (!Number.isFinite(t) || t < EARLIEST || t > Date.now() + AHEAD_MS) return "Date out of range.";
      return "";
    }
    case "id":
      return typeof value === "string" && ID.test(value) ? "" : "Invalid id.";
    case "file":
      // JSON can only clear a file. In form data an upload arrives as a file (PocketBase
      // checks its type and size itself) and a name keeps a stored file.
      if (form) return "";
      return value === "" ? "" : "Upload files as multipart form data.";
    default:
      return "Not accepted.";
  }
}

/**
 * Throws a 400 naming every field of the request body that is unknown or not of its kind.
 * `fields`: {name: "text" | "multiline" | "bool" | "seconds" | "whole" | "date" | "id" | "file"}.
 */
function check(e, fields) {
  const info = e.requestInfo();
  // (record request events carry the headers in the request info, names in snake case)
  const form = !/^application\/json/i.test(info.headers?.content_type || "");
  // By now PocketBase has cast the body to the fields' types (info.body): read what was sent.
  let body = info.body || {};
  if (!form) {
    try {
      body = JSON.parse(toString(e.requestEvent.request.body));
    } catch (_) {
      body = null;
    }
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw new BadRequestError("The request body must be a JSON object.");
  }
  const errors = {};
  let first = "";
  for (const name of Object.keys(body)) {
    const kind = Object.keys(fields).indexOf(name) >= 0 ? fields[name] : "";
    const value = body[name];
    const field = kind ? e.record.collection().fields.getByName(name) : null;
    const max = field && typeof field.max === "number" ? field.max : 0;
    const why = kind ? problem(kind, form && Array.isArray(value) ? value[0] : value, form, max) : "Unknown field.";
    if (!why) continue;
    errors[name] = new ValidationError(kind ? "validation_invalid_value" : "validation_unknown_field", why);
    if (!first) first = `${name}: ${why}`;
  }
  if (first) throw new BadRequestError(first, errors);
}

module.exports = { check, clean, problem };
