import type { CartItem } from './cart';
import type { Currency } from './currency';
import { type PriceFields, type Rates, unitPrice } from './price';

export interface CartLineView extends CartItem {
  /** Unit price in the selected currency (whole units). */
  unitPrice: number;
  lineTotal: number;
}

const PRINT_PREFIX = 'print-';

/** Converts whole units between currencies through EUR, rounded like the price rule. */
export function convert(amount: number, from: Currency, to: Currency, rates: Rates): number {
  if (from === to) return amount;
  const perEur: Record<Currency, number> = { eur: 1, sek: rates.sek, usd: rates.usd };
  return Math.round((amount / perEur[from]) * perEur[to]);
}

/**
 * The cart shown in the selected currency: lines of known prints are priced by the price
 * rule (what checkout will charge); others convert their stored price.
 */
export function cartView(
  items: readonly CartItem[],
  currency: Currency,
  prints: ReadonlyMap<string, PriceFields>,
  rates: Rates,
): { lines: CartLineView[]; subtotal: number } {
  const lines = items.map((item) => {
    const printId = item.id.startsWith(PRINT_PREFIX) ? item.id.slice(PRINT_PREFIX.length) : item.id;
    const print = prints.get(printId);
    const unit = print ? unitPrice(print, currency, rates) : convert(item.price, item.currency, currency, rates);
    return { ...item, unitPrice: unit, lineTotal: unit * item.quantity };
  });
  return { lines, subtotal: lines.reduce((s, l) => s + l.lineTotal, 0) };
}
