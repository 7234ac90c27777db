// The viewing room's access links. A viewing-room sign-up is a newsletter subscriber; the
// welcome mail carries a token that unlocks the room on any device. CommonJS; required
// inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

/**
 * The access token of a subscriber: "<subscriberId>.<hmac>", keyed with the subscriber's
 * own secret unsubscribe token (random, hidden, only ever emailed to them).
 */
function token(sub) {
  return `${sub.id}.${$security.hs256(`viewing-room:${sub.id}`, sub.getString("unsubscribe_token"))}`;
}

/** True when the token was made by `token` for a subscriber that still exists. */
function verifyToken(app, value) {
  const m = /^([a-z0-9]{15})\.([a-f0-9]{64})$/.exec(String(value || ""));
  if (!m) return false;
  let sub;
  try {
    sub = app.findRecordById(Collections.NewsletterSubscribers, m[1]);
  } catch (_) {
    return false;
  }
  const key = sub.getString("unsubscribe_token");
  if (!key) return false;
  return $security.equal($security.hs256(`viewing-room:${sub.id}`, key), m[2]);
}

module.exports = { token, verifyToken };
