// The analytics consent: what the app needs to ask, and the record of each answer.
// CommonJS; required inside handlers.

const { Collections, CLIENT_ID_PATTERN, ANALYTICS_CONSENT_VERSION, Enums } = require(`${__hooks}/lib/contract.gen.js`);

/** The configured script URL: https (or http on a loopback host, for local tries), else none. */
function scriptUrl() {
  const url = String($os.getenv("ANALYTICS_SCRIPT_URL") || "").trim();
  if (/^https:\/\/[^\s"'<>]+$/i.test(url)) return url;
  if (/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\/[^\s"'<>]*$/i.test(url)) return url;
  return "";
}

/** {scriptUrl}: the app asks for consent only when a script is configured. */
function publicConfig() {
  return { scriptUrl: scriptUrl() || null };
}

/** Stores one answer; throws a 400 for a bad body and a 404 when nothing is configured. */
function recordConsent(app, body) {
  if (!scriptUrl()) throw new NotFoundError("Analytics is not configured on this site.");
  const v = require(`${__hooks}/lib/http/validate.js`);
  const c = v.collector();
  const choice = c.field("choice", body.choice, {
    required: true,
    oneOf: Enums.analytics_consents.choice,
  });
  // the banner's current text: an answer to any other proves nothing
  const version = c.field("version", body.version, { required: true, max: 40, oneOf: [ANALYTICS_CONSENT_VERSION] });
  const visitor = c.field("visitor", body.visitor, {
    max: 64,
    pattern: CLIENT_ID_PATTERN,
    patternMessage: "Invalid visitor id.",
  });
  c.throwIfAny();
  // The same answer again from the same browser (sent once more because the page was left
  // before the first send was confirmed) adds nothing: only a changed answer is a new record.
  if (visitor) {
    const last = app.findRecordsByFilter(Collections.AnalyticsConsents, "visitor = {:v}", "-created,-id", 1, 0, {
      v: visitor,
    });
    if (last.length && last[0].getString("choice") === choice && last[0].getString("text_version") === version) return;
  }
  const rec = new Record(app.findCollectionByNameOrId(Collections.AnalyticsConsents));
  rec.set("choice", choice);
  rec.set("text_version", version);
  rec.set("visitor", visitor);
  app.save(rec);
}

module.exports = { publicConfig, recordConsent };
