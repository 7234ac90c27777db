// Fetches EUR-based rates and upserts SEK and USD into exchange_rates. A rate that is not a
// positive finite number, or moves more than 20% from the last good one, is refused and
// logged, and the last good rate stays in use (a broken feed must not reprice the shop).
// CommonJS; `sane` has no PocketBase globals so Node tests can require it.

const DEFAULT_URL = "https://api.frankfurter.app/latest?from=EUR&to=SEK,USD";
const MAX_MOVE = 0.2;
// With no last good rate (a fresh database), the fallback rates are the reference, with a
// wider band: they are only a rough guide.
const MAX_MOVE_FROM_FALLBACK = 0.5;

/** "" when `rate` may replace `last` (0 = none stored), else why not. */
function sane(rate, last, fallback) {
  if (typeof rate !== "number" || !Number.isFinite(rate) || rate <= 0) return "not a positive number";
  const reference = last > 0 ? last : fallback;
  const band = last > 0 ? MAX_MOVE : MAX_MOVE_FROM_FALLBACK;
  if (reference > 0 && Math.abs(rate / reference - 1) > band) {
    return `moves ${Math.round(Math.abs(rate / reference - 1) * 100)}% from ${last > 0 ? "the last good rate" : "the fallback rate"} ${reference}`;
  }
  return "";
}

function refresh() {
  const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
  const url = $os.getenv("EXCHANGE_RATES_URL") || DEFAULT_URL;
  let json;
  try {
    const res = $http.send({ url: url, method: "GET", timeout: 15 });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
    json = res.json;
  } catch (err) {
    $app.logger().warn("exchange rates fetch failed", "url", url, "error", String(err?.message ? err.message : err));
    return { ok: false };
  }
  const base = String(json?.base || "EUR").toUpperCase();
  const rates = json?.rates || {};
  if (base !== "EUR") {
    $app.logger().warn("exchange rates have an unexpected base", "base", base);
    return { ok: false };
  }
  const stored = {};
  const refused = {};
  const fetchedAt = require(`${__hooks}/lib/records/dates.js`).nowIso();
  const fallback = require(`${__hooks}/lib/shop/pricing.js`).FALLBACK_RATES;
  $app.runInTransaction((txApp) => {
    for (const cur of ["SEK", "USD"]) {
      const rate = rates[cur] == null || rates[cur] === "" ? Number.NaN : Number(rates[cur]);
      const found = txApp.findRecordsByFilter(Collections.ExchangeRates, "currency = {:c}", "", 1, 0, { c: cur });
      const why = sane(rate, found.length ? found[0].getFloat("rate") : 0, fallback[cur.toLowerCase()]);
      if (why) {
        refused[cur] = why;
        $app
          .logger()
          .warn("exchange rate refused", "currency", cur, "rate", String(rates[cur]), "reason", why, "url", url);
        continue;
      }
      const rec = found.length ? found[0] : new Record(txApp.findCollectionByNameOrId(Collections.ExchangeRates));
      rec.set("base", "EUR");
      rec.set("currency", cur);
      rec.set("rate", rate);
      rec.set("fetched_at", fetchedAt);
      rec.set("source", url.slice(0, 300));
      txApp.save(rec);
      stored[cur] = rate;
    }
  });
  return { ok: Object.keys(refused).length === 0, rates: stored, refused: refused };
}

module.exports = { refresh, sane, DEFAULT_URL, MAX_MOVE };
