// The artist's site settings: one record, key "main", edited in the admin UI. CommonJS;
// require inside handlers.

const { Collections, FALLBACK_SITE_NAME } = require(`${__hooks}/lib/contract.gen.js`);

/** The settings record, or null when there is none. */
function siteSettings(app) {
  try {
    return app.findFirstRecordByData(Collections.SiteSettings, "key", "main");
  } catch (_) {
    return null;
  }
}

/** The artist's name as the site shows it (the fallback until one is set). */
function artistName(app) {
  const s = siteSettings(app || $app);
  return (s ? s.getString("artist_name") : "") || FALLBACK_SITE_NAME;
}

/** Where mail for the artist goes: ARTIST_EMAIL, else the contact email in the settings ("" when neither). */
function artistEmail(app) {
  const env = $os.getenv("ARTIST_EMAIL");
  if (env) return env;
  const s = siteSettings(app || $app);
  return s ? s.getString("email") : "";
}

module.exports = { siteSettings, artistName, artistEmail };
