// The viewing room's gate. Entering the room is a newsletter sign-up (source "viewing-room");
// the sign-up's answer and the welcome mail's link carry a room pass, and what the room shows
// beyond the public grid (the artworks' hidden fields: description, price note, the inquiry
// offer, detail images) is served only to a request carrying a valid one
// (GET /api/atelier/viewing-room/works). CommonJS; required inside handlers.
//
// A pass is "<subscriberId>.<expires, unix s>.<hmac>": HMAC-SHA256 of the id, the expiry and
// the subscription's consent time, keyed with the subscriber's hidden unsubscribe token. It
// ends when it expires (PASS_DAYS after it was issued), when the subscriber unsubscribes
// (status), and for good when they sign up again (a new consent time): nothing is stored per
// pass, and no pass outlives the subscription it came from.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

const PASS_DAYS = 90;
const PASS_RE = /^([a-z0-9]{15})\.([0-9]{10})\.([a-f0-9]{64})$/;
// a pass never claims more than PASS_DAYS (plus a little clock slack) from now
const SLACK_S = 300;

function signature(sub, expires) {
  return $security.hs256(
    `viewing-room:${sub.id}:${expires}:${sub.getString("consent_at")}`,
    sub.getString("unsubscribe_token"),
  );
}

function isoAt(seconds) {
  return new Date(seconds * 1000).toISOString();
}

/** A new pass for a subscriber: {token, expiresAt (ISO)}. */
function issue(sub) {
  const expires = Math.floor(Date.now() / 1000) + PASS_DAYS * 24 * 3600;
  return { token: `${sub.id}.${expires}.${signature(sub, expires)}`, expiresAt: isoAt(expires) };
}

/**
 * The pass's expiry (ISO) when it is valid now: well formed, signed for a subscriber that
 * exists and has not unsubscribed, for this subscription, not expired. Else null.
 */
function verify(app, value) {
  const m = PASS_RE.exec(String(value || ""));
  if (!m) return null;
  const expires = Number(m[2]);
  const now = Math.floor(Date.now() / 1000);
  if (expires <= now || expires > now + PASS_DAYS * 24 * 3600 + SLACK_S) return null;
  let sub;
  try {
    sub = app.findRecordById(Collections.NewsletterSubscribers, m[1]);
  } catch (_) {
    return null;
  }
  if (!sub.getString("unsubscribe_token") || sub.getString("status") === "unsubscribed") return null;
  return $security.equal(signature(sub, expires), m[3]) ? isoAt(expires) : null;
}

/**
 * Every artwork as the room shows it (sort order): the public fields plus the hidden ones,
 * in the records API's shape, so the app renders both the same way.
 */
function works(app) {
  const collection = app.findCollectionByNameOrId(Collections.Artworks);
  const hidden = [];
  for (const field of collection.fields) if (field.hidden) hidden.push(field.name);
  return app.findRecordsByFilter(collection, "", "sort_order,created", 500, 0, {}).map((record) => {
    const out = record.publicExport();
    for (const name of hidden) out[name] = record.get(name);
    return out;
  });
}

module.exports = { issue, verify, works };
