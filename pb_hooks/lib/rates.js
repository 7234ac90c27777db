// Fetches EUR-based rates and upserts SEK and USD into exchange_rates. CommonJS.

const DEFAULT_URL = "https://api.frankfurter.app/latest?from=EUR&to=SEK,USD";

function refresh() {
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
  const base = String((json?.base) || "EUR").toUpperCase();
  const rates = (json?.rates) || {};
  if (base !== "EUR") {
    $app.logger().warn("exchange rates have an unexpected base", "base", base);
    return { ok: false };
  }
  const stored = {};
  const fetchedAt = new Date().toISOString().replace("T", " ");
  $app.runInTransaction((txApp) => {
    for (const cur of ["SEK", "USD"]) {
      const rate = Number(rates[cur]);
      if (!Number.isFinite(rate) || rate <= 0) continue;
      const found = txApp.findRecordsByFilter("exchange_rates", "currency = {:c}", "", 1, 0, { c: cur });
      const rec = found.length ? found[0] : new Record(txApp.findCollectionByNameOrId("exchange_rates"));
      rec.set("base", "EUR");
      rec.set("currency", cur);
      rec.set("rate", rate);
      rec.set("fetched_at", fetchedAt);
      rec.set("source", url.slice(0, 300));
      txApp.save(rec);
      stored[cur] = rate;
    }
  });
  return { ok: true, rates: stored };
}

module.exports = { refresh, DEFAULT_URL };
