import { CURRENCY_COOKIE, CURRENCY_LANGUAGES, Enums } from '@/lib/contract/contract.gen';
import { numberFormat } from '@/lib/intl/formatters';

/** The shop's currencies: the values of orders.currency. */
export const CURRENCIES = Enums.orders.currency;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * US English or any -US region → usd; Swedish or -SE → sek; everything else eur. Only the
 * first (preferred) language decides; the server decides the same from Accept-Language.
 */
export function currencyForLanguages(languages: readonly string[]): Currency {
  const lang = languages[0] ?? '';
  if (CURRENCY_LANGUAGES.usd.test(lang)) return 'usd';
  if (CURRENCY_LANGUAGES.sek.test(lang)) return 'sek';
  return 'eur';
}

/**
 * Keeps the visitor's currency in a cookie too (a year), so the server renders their next
 * page's prices in it from the first byte.
 */
export function currencyCookie(currency: Currency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const LOCALE: Record<Currency, string> = { sek: 'sv-SE', eur: 'en-IE', usd: 'en-US' };
const FALLBACK_SYMBOL: Record<Currency, string> = { eur: '€', sek: 'kr', usd: '$' };

/** Whole amounts with a narrow currency symbol, in the currency's home locale. */
export function formatPrice(amount: number, currency: Currency): string {
  try {
    return numberFormat(LOCALE[currency], {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(amount);
  } catch {
    const rounded = Math.round(amount);
    return currency === 'sek' ? `${rounded} ${FALLBACK_SYMBOL.sek}` : `${FALLBACK_SYMBOL[currency]}${rounded}`;
  }
}
