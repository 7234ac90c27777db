// Visitor forms the browser sends itself: before the app has started, or without JavaScript,
// a server-rendered <form method="post"> posts application/x-www-form-urlencoded to the very
// route the app sends JSON to. One handler serves both encodings (the same checks, limits,
// consent record and mails); only the answer differs: JSON for the app, a 303 to the result
// page (FORM_RESULT.path, rendered on the server) for the browser, so a reload of that page
// sends nothing again. Nothing the visitor typed goes into that URL: it names the form, the
// outcome and, on a refusal, the fields and error codes. CommonJS; required inside handlers.

const contract = require(`${__hooks}/lib/contract.gen.js`);

const RESULT = contract.FORM_RESULT;
// The result page names the form: a sign-up's source, a message's kind, or "newsletter" for a
// sign-up refused before its source was read. The app's route (src/ui/form/result.ts) knows
// the same forms and outcomes (tests/integration/form-posts.test.ts holds them to it).
const FORMS = contract.Enums.newsletter_subscribers.consent_source.concat(contract.Enums.contact_messages.kind, [
  "newsletter",
]);
// The form a request is for, once its handler knows it (a sign-up's source, a message's
// kind): set on the request event, which the guard (another VM) reads when the handler fails.
const FORM_KEY = "atelier.form";
const FIELD_NAME = /^[A-Za-z]{1,30}$/;
const ERROR_CODE = /^[a-z_]{1,40}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Pages a result page may link back to: site paths without odd characters, and the only
// query values pages read (a print's or an artwork's slug).
const BACK_PATH = /^\/[a-z0-9/-]{0,200}$/;
const BACK_QUERY = ["print", "artwork"];

function header(e, name) {
  return String(e.request.header.get(name) || "");
}

/** True when the browser posted an HTML form (not the app's JSON). */
function isFormPost(e) {
  return /^application\/x-www-form-urlencoded\s*(;|$)/i.test(header(e, "Content-Type"));
}

/**
 * The fields of a form-encoded body, as text. A repeated name keeps all its values (an array,
 * which the field checks refuse as "not text"), and no value is turned into a number or a
 * boolean: every field arrives as the visitor typed it. A body that is not valid form encoding
 * throws a 400.
 */
function parseForm(raw) {
  const out = Object.create(null);
  const text = String(raw || "");
  if (!text) return out;
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    let name;
    let value;
    try {
      name = decodeURIComponent((at < 0 ? pair : pair.slice(0, at)).replace(/\+/g, " "));
      value = at < 0 ? "" : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, " "));
    } catch (_) {
      throw new BadRequestError("The form could not be read.", {});
    }
    if (!Object.hasOwn(out, name)) out[name] = value;
    else if (Array.isArray(out[name])) out[name].push(value);
    else out[name] = [out[name], value];
  }
  return out;
}

/** The request's body: the form's fields for a form post, else the JSON object ({} for anything else). */
function body(e) {
  if (isFormPost(e)) return parseForm(toString(e.request.body));
  const b = e.requestInfo().body;
  if (!b || typeof b !== "object" || Array.isArray(b)) return {};
  return b;
}

/** Names the result page the request's outcome goes to (see FORM_KEY). */
function setForm(e, form) {
  if (FORMS.indexOf(form) !== -1) e.set(FORM_KEY, form);
}

/** A form posted from another site: the browser says so (Fetch Metadata). */
function fromElsewhere(e) {
  const site = header(e, "Sec-Fetch-Site").toLowerCase();
  return site !== "" && site !== "same-origin";
}

/** Where the form was (the Referer's path on this site, when it is a plain page path), or "". */
function backPath(e) {
  const m = /^https?:\/\/([^/?#]+)(\/[^?#]*)?(\?[^#]*)?/i.exec(header(e, "Referer"));
  if (!m || m[1].toLowerCase() !== String(e.request.host || "").toLowerCase()) return "";
  const path = m[2] || "/";
  if (!BACK_PATH.test(path)) return "";
  const query = [];
  for (const part of (m[3] || "").replace(/^\?/, "").split("&")) {
    const [k, v] = part.split("=");
    if (BACK_QUERY.indexOf(k) !== -1 && v && v.length <= 120 && SLUG.test(v)) query.push(`${k}=${v}`);
  }
  return query.length ? `${path}?${query.join("&")}` : path;
}

/** "email.invalid_email,name.required" from PocketBase's field errors (codes without "validation_"). */
function errorList(data) {
  const out = [];
  if (!data || typeof data !== "object") return "";
  for (const field of Object.keys(data)) {
    if (out.length >= RESULT.maxErrors || !FIELD_NAME.test(field)) continue;
    const err = data[field];
    const raw = err ? (typeof err.code === "function" ? err.code() : err.code) : "";
    const code = String(raw || "").replace(/^validation_/, "");
    out.push(`${field}.${ERROR_CODE.test(code) ? code : "invalid"}`);
  }
  return out.join(",");
}

/** The result page's URL. */
function resultUrl(form, outcome, errors, back) {
  const f = FORMS.indexOf(form) !== -1 ? form : "newsletter";
  let url = `${RESULT.path}/${f}?outcome=${outcome}`;
  if (errors) url += `&errors=${encodeURIComponent(errors)}`;
  if (back) url += `&back=${encodeURIComponent(back)}`;
  return url;
}

/** The form this request is for: what its handler named, else the route's default. */
function formOf(e, fallback) {
  const named = e.get(FORM_KEY);
  return typeof named === "string" && named ? named : fallback;
}

/** Success: the app gets `json`, a browser's form post the result page. */
function answer(e, fallbackForm, json) {
  if (!isFormPost(e)) return e.json(200, json);
  e.response.header().set("Cache-Control", "no-store");
  return e.redirect(303, resultUrl(formOf(e, fallbackForm), "sent", "", backPath(e)));
}

/** An error's HTTP status and field errors, whether thrown by a handler (JS) or by PocketBase (Go). */
function describe(err) {
  const v = err && err.value !== undefined ? err.value : err;
  const status = Number((v && (v.status !== undefined ? v.status : v.code)) || 0);
  return { status: status, data: v ? v.data : null };
}

function outcomeOf(status) {
  if (status === 400) return "invalid";
  if (status === 413) return "too-large";
  if (status === 429) return "limited";
  return "failed";
}

/**
 * The route middleware of a form route, ahead of PocketBase's rate limiter and body limit
 * (priority below theirs): a browser's form post that fails in any of them, or in the
 * handler, gets the result page that says so instead of a JSON error. A form posted from
 * another site is refused. JSON requests pass through untouched.
 */
function guard(e, fallbackForm) {
  if (!isFormPost(e)) return e.next();
  if (fromElsewhere(e)) throw new ForbiddenError("Forms can only be sent from this site.", {});
  try {
    return e.next();
  } catch (err) {
    const d = describe(err);
    if (d.status >= 500 || !d.status)
      $app.logger().warn("form post failed", "path", e.request.url.path, "error", String(err));
    e.response.header().set("Cache-Control", "no-store");
    const errors = d.status === 400 ? errorList(d.data) : "";
    return e.redirect(303, resultUrl(formOf(e, fallbackForm), outcomeOf(d.status), errors, backPath(e)));
  }
}

// Below PocketBase's rate limiter (-1000) and body limit (-990): they run inside guard's e.next().
const GUARD_PRIORITY = -1100;

module.exports = { isFormPost, parseForm, body, setForm, answer, guard, resultUrl, backPath, GUARD_PRIORITY };
