// The one price rule, shared in meaning with src/features/shop/model/price.ts and tested
// against the same table (tests/fixtures/price-cases.json). CommonJS requiring only the
// contract, no PocketBase globals, so Node tests can load it too.
//
// A print's unit price in a currency is its own price in that currency when set
// (price_cents_eur, price_cents_usd; 0 = not set), otherwise its EUR price (price_cents_eur,
// else the base price_cents) converted with the current rate. Every amount is rounded to
// whole currency units, because the site shows prices without decimals and what the page
// shows is what Stripe charges.

const contract = require(`${__hooks}/lib/contract.gen.js`);

const CURRENCIES = contract.Enums.orders.currency;
const FALLBACK_RATES = { eur: 1, sek: contract.FALLBACK_RATES.sek, usd: contract.FALLBACK_RATES.usd };

function positive(n) {
  const v = Number(n);
  return Number.isFinite(v) && v > 0 ? v : 0;
}

/** Rates per 1 EUR, keys eur/sek/usd; missing or invalid values fall back. */
function normalizeRates(rates) {
  const out = { eur: 1, sek: FALLBACK_RATES.sek, usd: FALLBACK_RATES.usd };
  if (rates) {
    for (const c of ["sek", "usd"]) {
      const v = positive(rates[c] != null ? rates[c] : rates[c.toUpperCase()]);
      if (v) out[c] = v;
    }
  }
  return out;
}

/**
 * print: {price_cents, price_cents_eur, price_cents_usd}; currency: eur|sek|usd;
 * rates: {sek, usd} per 1 EUR. Returns the unit amount in minor units (cents/öre).
 */
function unitAmount(print, currency, rates) {
  if (CURRENCIES.indexOf(currency) < 0) throw new Error(`Unsupported currency: ${currency}`);
  const r = normalizeRates(rates);
  const eurCents = positive(print.price_cents_eur) || positive(print.price_cents);
  if (currency === "eur") return Math.round(eurCents / 100) * 100;
  if (currency === "usd" && positive(print.price_cents_usd))
    return Math.round(positive(print.price_cents_usd) / 100) * 100;
  return Math.round((eurCents / 100) * r[currency]) * 100;
}

module.exports = { FALLBACK_RATES, normalizeRates, unitAmount };
