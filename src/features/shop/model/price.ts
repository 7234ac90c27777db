import { FALLBACK_RATES as CONTRACT_FALLBACK_RATES } from '@/lib/contract/contract.gen';
import type { Currency } from './currency';

/**
 * The price rule, the same in meaning as the server's (pb_hooks/lib/shop/pricing.js); both are
 * tested against tests/fixtures/price-cases.json. A print's own price in the currency when
 * set (price_cents_eur, price_cents_usd; 0 = unset), else its EUR price converted with the
 * rate; always whole currency units, because prices are shown without decimals and what
 * the page shows is what Stripe charges.
 */
export interface PriceFields {
  price_cents: number;
  price_cents_eur?: number;
  price_cents_usd?: number;
}

/** Units of the currency per 1 EUR. */
export interface Rates {
  sek: number;
  usd: number;
}

/** Used when the server has no rates for us and nothing is saved offline (the contract's). */
export const FALLBACK_RATES: Rates = CONTRACT_FALLBACK_RATES;

const positive = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0);

function normalizeRates(rates: Partial<Rates> | null | undefined): Rates {
  return { sek: positive(rates?.sek) || FALLBACK_RATES.sek, usd: positive(rates?.usd) || FALLBACK_RATES.usd };
}

/** Unit price in minor units (cents / öre). */
export function unitAmount(print: PriceFields, currency: Currency, rates?: Partial<Rates> | null): number {
  const r = normalizeRates(rates);
  const eurCents = positive(print.price_cents_eur) || positive(print.price_cents);
  if (currency === 'eur') return Math.round(eurCents / 100) * 100;
  if (currency === 'usd' && positive(print.price_cents_usd))
    return Math.round(positive(print.price_cents_usd) / 100) * 100;
  return Math.round((eurCents / 100) * r[currency]) * 100;
}

/** Unit price in whole currency units (what the cart stores and the page shows). */
export const unitPrice = (print: PriceFields, currency: Currency, rates?: Partial<Rates> | null): number =>
  unitAmount(print, currency, rates) / 100;
