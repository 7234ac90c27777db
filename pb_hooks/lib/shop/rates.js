// Fetches EUR-based rates and stores SEK and USD in exchange_rates. A broken or hostile feed
// must not reprice the shop, so a fetched rate is taken only when
//   - it is a positive finite number,
//   - it lies within 20% of a fixed reference: the rate the artist confirmed in the admin UI
//     (exchange_rates.confirmed_rate), else the built-in fallback rate; never the last fetched
//     value, which a feed could walk step by step,
//   - it moves more than 5% from the current rate at most once a day.
// Otherwise the last good rate stays, the refusal is logged and kept on the row (refused_*),
// and the artist is mailed (at most once a day per currency) with how to confirm a new rate.
// Refreshes can overlap (the half-hourly job, the first-start job, a run from the admin UI):
// each row keeps when the fetch it was judged from started (fetched_at / refused_at), and an
// older fetch that commits after a newer one leaves the row alone, so a rate never goes back.
// CommonJS; `judge` has no PocketBase globals so Node tests can require it.

const DEFAULT_URL = "https://api.frankfurter.app/latest?from=EUR&to=SEK,USD";
const BAND = 0.2;
const LARGE_MOVE = 0.05;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than any refresh lasts (a 15 s fetch, a short transaction). */
const OVERLAP_MS = 10 * 60 * 1000;
/** Written by the server; an admin save keeps what the database holds (`keepServerFields`). */
const SERVER_FIELDS = [
  "base",
  "currency",
  "rate",
  "fetched_at",
  "source",
  "confirmed_at",
  "refused_rate",
  "refused_at",
  "refused_reason",
  "large_move_at",
  "alerted_at",
];

const pct = (a, b) => Math.round(Math.abs(a / b - 1) * 100);

/**
 * Whether a fetched `rate` may replace `current` (0: none stored): {ok, large, reason}.
 * `confirmed` is the artist's confirmed rate (0: none), `fallback` the built-in one;
 * `lastLargeMove` and `now` are epoch ms.
 */
function judge(rate, current, confirmed, fallback, lastLargeMove, now) {
  if (typeof rate !== "number" || !Number.isFinite(rate) || rate <= 0)
    return { ok: false, large: false, reason: "not a positive number" };
  const reference = confirmed > 0 ? confirmed : fallback;
  const which = confirmed > 0 ? "the confirmed rate" : "the fallback rate";
  if (reference > 0 && Math.abs(rate / reference - 1) > BAND)
    return { ok: false, large: false, reason: `moves ${pct(rate, reference)}% from ${which} ${reference}` };
  const from = current > 0 ? current : reference;
  const large = from > 0 && Math.abs(rate / from - 1) > LARGE_MOVE;
  if (large && lastLargeMove && now - lastLargeMove < DAY_MS)
    return {
      ok: false,
      large: true,
      reason: `moves ${pct(rate, from)}% from ${from}: a second large move within a day`,
    };
  return { ok: true, large: large, reason: "" };
}

function mailArtist(currency, row, offered, reason) {
  const to = require(`${__hooks}/lib/site/settings.js`).artistEmail($app);
  if (!to) return;
  const mailer = require(`${__hooks}/lib/mail/mailer.js`);
  const e = require(`${__hooks}/lib/http/html.js`).escapeHtml;
  const site = require(`${__hooks}/lib/site/urls.js`).siteUrl();
  const body =
    `<p>The exchange-rate service offered <strong>${e(String(offered))} ${e(currency)}</strong> per EUR, ` +
    `which the shop refused: it ${e(reason)}.</p>` +
    `<p>Prices in ${e(currency)} keep using <strong>${e(String(row.rate))}</strong>.</p>` +
    `<p>If the new rate is right (currencies do move), confirm it: in the admin UI (<a href="${e(site)}/_/">${e(site)}/_/</a>) ` +
    `open the collection exchange_rates, the ${e(currency)} row, type the rate into <strong>confirmed_rate</strong> and save. ` +
    "It applies at once, and fetched rates are then taken within 20% of it. Otherwise nothing needs doing: " +
    "the service is asked again every 30 minutes.</p>";
  mailer.send({
    to: to,
    subject: `Check the exchange rate for ${currency}`,
    html: mailer.layout({ title: "An exchange rate was refused", bodyHtml: body }),
    kind: "exchange-rate-refused",
    ref: `${require(`${__hooks}/lib/contract.gen.js`).Collections.ExchangeRates}/${currency}`,
  });
}

function refresh() {
  const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
  const { isoAt, nowIso, parseDate } = require(`${__hooks}/lib/records/dates.js`);
  const url = $os.getenv("EXCHANGE_RATES_URL") || DEFAULT_URL;
  const started = Date.now();
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
  const alerts = [];
  const stale = [];
  const fallback = require(`${__hooks}/lib/shop/pricing.js`).FALLBACK_RATES;
  require(`${__hooks}/lib/setup/test-seam.js`).hold("rates-write");
  // after the fetch: a short transaction that reads each row afresh (the artist may be confirming)
  $app.runInTransaction((txApp) => {
    for (const cur of ["SEK", "USD"]) {
      const rate = rates[cur] == null || rates[cur] === "" ? Number.NaN : Number(rates[cur]);
      const found = txApp.findRecordsByFilter(Collections.ExchangeRates, "currency = {:c}", "", 1, 0, { c: cur });
      const fallbackRate = fallback[cur.toLowerCase()];
      const rec = found.length ? found[0] : new Record(txApp.findCollectionByNameOrId(Collections.ExchangeRates));
      // a fetch that started after this one has already been judged; a time further ahead than
      // any run lasts is a clock that was set back, not a newer fetch
      const judged = Math.max(parseDate(rec.getString("fetched_at")), parseDate(rec.getString("refused_at")));
      if (judged > started && judged - started < OVERLAP_MS) {
        stale.push(cur);
        continue;
      }
      if (rec.isNew()) {
        // a row from the start, so the artist has one to confirm a rate in
        rec.set("base", "EUR");
        rec.set("currency", cur);
        rec.set("rate", fallbackRate);
        rec.set("source", "fallback");
      }
      const verdict = judge(
        rate,
        rec.isNew() ? 0 : rec.getFloat("rate"),
        rec.getFloat("confirmed_rate"),
        fallbackRate,
        parseDate(rec.getString("large_move_at")),
        started,
      );
      if (verdict.ok) {
        rec.set("rate", rate);
        rec.set("fetched_at", isoAt(started));
        rec.set("source", url.slice(0, 300));
        if (verdict.large) rec.set("large_move_at", nowIso());
        stored[cur] = rate;
      } else {
        refused[cur] = verdict.reason;
        $app
          .logger()
          .warn(
            "exchange rate refused; the last good rate stays",
            "currency",
            cur,
            "rate",
            String(rates[cur]),
            "reason",
            verdict.reason,
            "url",
            url,
          );
        rec.set("refused_rate", Number.isFinite(rate) ? rate : 0);
        rec.set("refused_at", isoAt(started));
        rec.set("refused_reason", verdict.reason.slice(0, 300));
        if (started - parseDate(rec.getString("alerted_at")) >= DAY_MS) {
          rec.set("alerted_at", nowIso());
          alerts.push([cur, { rate: rec.getFloat("rate") }, rates[cur], verdict.reason]);
        }
      }
      txApp.saveNoValidate(rec);
    }
  });
  if (stale.length)
    $app
      .logger()
      .info("exchange rates fetched before the stored ones: not stored", "currencies", stale.join(","), "url", url);
  // mail after the commit: no slow I/O inside the writer
  for (const a of alerts) mailArtist(a[0], a[1], a[2], a[3]);
  return { ok: Object.keys(refused).length === 0, rates: stored, refused: refused };
}

/**
 * An admin save of a rate row (the admin UI sends back every field it loaded, however old):
 * the server's fields keep what the database holds, read inside the writer; a changed
 * `confirmed_rate` is the artist confirming a rate: it applies at once.
 */
function keepServerFields(txApp, record) {
  const { nowIso } = require(`${__hooks}/lib/records/dates.js`);
  let fresh = null;
  if (!record.isNew()) {
    try {
      fresh = txApp.findRecordById(record.collection().id, record.id);
    } catch (_) {}
  }
  const confirmed = record.getFloat("confirmed_rate");
  const changed = confirmed > 0 && (!fresh || fresh.getFloat("confirmed_rate") !== confirmed);
  if (fresh) for (const name of SERVER_FIELDS) record.set(name, fresh.get(name));
  if (changed) {
    record.set("rate", confirmed);
    record.set("confirmed_at", nowIso());
    record.set("source", "confirmed in the admin UI");
    record.set("refused_rate", 0);
    record.set("refused_at", "");
    record.set("refused_reason", "");
  }
}

module.exports = { refresh, judge, keepServerFields };
