/// <reference path="../pb_data/types.d.ts" />
// Exchange rates (base EUR) for SEK and USD, refreshed every 30 minutes from
// EXCHANGE_RATES_URL into the public exchange_rates collection. On failure the previous
// rows stay; the browser falls back to its own defaults when there are none.

cronAdd("atelier_exchange_rates", "*/30 * * * *", () => {
  require(`${__hooks}/lib/rates.js`).refresh();
});
