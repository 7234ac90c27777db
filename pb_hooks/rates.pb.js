/// <reference path="../pb_data/types.d.ts" />
// Exchange rates (base EUR) for SEK and USD, refreshed every 30 minutes from
// EXCHANGE_RATES_URL into the public exchange_rates collection, within a band around the rate
// the artist confirmed (lib/shop/rates.js). On failure the previous rows stay; the browser
// falls back to its own defaults when there are none.

cronAdd("atelier_exchange_rates", "*/30 * * * *", () => {
  require(`${__hooks}/lib/shop/rates.js`).refresh();
});

// A fresh database has no rates until the next half hour: fill them within a minute of
// starting, trying at most every 10 minutes while the service cannot be reached.
cronAdd("atelier_exchange_rates_initial", "* * * * *", () => {
  if ($app.countRecords(require(`${__hooks}/lib/contract.gen.js`).Collections.ExchangeRates) >= 2) return;
  const last = $app.store().get("atelier_rates_attempt") || 0;
  if (Date.now() - last < 10 * 60 * 1000) return;
  $app.store().set("atelier_rates_attempt", Date.now());
  require(`${__hooks}/lib/shop/rates.js`).refresh();
});

// The artist confirms a rate in the admin UI (confirmed_rate); the rest of a row is the server's,
// read inside the writer, so a form loaded before a refresh does not write back an old rate.
onRecordUpdateRequest(
  (e) => {
    e.app.runInTransaction((txApp) => {
      require(`${__hooks}/lib/shop/rates.js`).keepServerFields(txApp, e.record);
      e.app = txApp;
      e.next();
    });
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.ExchangeRates,
);
onRecordCreateRequest(
  (e) => {
    require(`${__hooks}/lib/shop/rates.js`).keepServerFields(e.app, e.record);
    e.next();
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.ExchangeRates,
);
