// The cart's rules, written once for two readers: the cart store (cart.ts, store.ts) and the
// page's inline boot script (scripts/vite/boot-after-paint.ts), which carries these functions
// as their source text to add a print pressed before the app has started. So each function
// below uses nothing but its arguments (no imports, no module-level names), and this module
// reaches the contract by a relative path (the build's config loader knows no '@/' alias).
import { Enums, ORDER_LIMITS } from '../../../lib/contract/contract.gen';
import type { Currency } from './currency';

/** A cart line. `price` is in currency units, not cents. */
export interface CartItem {
  id: string;
  title: string;
  price: number;
  currency: Currency;
  imageUrl: string;
  quantity: number;
}

export type NewCartItem = Omit<CartItem, 'quantity'> & { quantity?: number };

/** The order limits the server applies, the shop's currencies, and what the cart says. */
export interface CartRules {
  copiesPerPrint: number;
  lines: number;
  currencies: readonly string[];
  said: { added: string; limit: string; copies: string; lines: string };
}

export const CART_RULES: CartRules = {
  copiesPerPrint: ORDER_LIMITS.copiesPerPrint,
  lines: ORDER_LIMITS.lines,
  currencies: Enums.orders.currency,
  said: {
    // the toasts' titles (SPEC: "Added to cart", its description the print's title)
    added: 'Added to cart',
    limit: 'Cart limit',
    // the server's words when an order passes ORDER_LIMITS
    copies: `At most ${ORDER_LIMITS.copiesPerPrint} copies of each print per order: the editions are limited.`,
    lines: `At most ${ORDER_LIMITS.lines} different prints per order.`,
  },
};

/** Where the store keeps the cart (zustand persist: `{ state, version }`). */
export const CART_STORAGE = { key: 'atelier-cart-v1', version: 1 } as const;

/**
 * Whatever storage held, a valid list of lines within the order limits: unreadable data gives
 * an empty cart.
 */
export function sanitizeLines(value: unknown, rules: CartRules): CartItem[] {
  if (!Array.isArray(value)) return [];
  const items: CartItem[] = [];
  for (const v of value) {
    if (items.length >= rules.lines) break;
    const ok =
      typeof v === 'object' &&
      v !== null &&
      typeof v.id === 'string' &&
      v.id !== '' &&
      typeof v.title === 'string' &&
      typeof v.price === 'number' &&
      Number.isFinite(v.price) &&
      v.price >= 0 &&
      rules.currencies.includes(v.currency) &&
      typeof v.imageUrl === 'string' &&
      Number.isInteger(v.quantity) &&
      v.quantity > 0 &&
      !items.some((line) => line.id === v.id);
    if (ok) items.push({ ...v, quantity: Math.min(v.quantity, rules.copiesPerPrint) });
  }
  return items;
}

/**
 * Adding an id already in the cart raises its quantity by `quantity` (default 1); a new id
 * is appended. `added` tells the caller which happened (only a new line gets a toast). The
 * cart keeps to the order limits: a line holds at most `copiesPerPrint` copies and the cart at
 * most `lines` lines; what it could not take is named in `refused` (rules.said.copies or
 * .lines), else `refused` is ''.
 */
export function addLine(
  items: readonly CartItem[],
  item: NewCartItem,
  quantity: number,
  rules: CartRules,
): { items: CartItem[]; added: boolean; refused: string } {
  const qty = Math.max(1, Math.floor(quantity));
  const existing = items.find((line) => line.id === item.id);
  const want = (existing?.quantity ?? 0) + qty;
  const capped = Math.min(want, rules.copiesPerPrint);
  const refused = want > capped ? rules.said.copies : '';
  if (existing) {
    return {
      items: items.map((line) => (line.id === item.id ? { ...line, quantity: capped } : line)),
      added: false,
      refused,
    };
  }
  if (items.length >= rules.lines) return { items: [...items], added: false, refused: rules.said.lines };
  return { items: [...items, { ...item, quantity: capped }], added: true, refused };
}

/** What the cart says after an add (the store's toast): a refusal, a new line, or nothing. */
export interface CartSaid {
  title: string;
  description: string;
  destructive: boolean;
}

/**
 * The toast for addLine's result: what the order limits refused, or the new line's title; null
 * for a copy added to a line already in the cart.
 */
export function saidAfterAdd(
  next: { added: boolean; refused: string },
  title: string,
  rules: CartRules,
): CartSaid | null {
  if (next.refused) return { title: rules.said.limit, description: next.refused, destructive: true };
  if (next.added) return { title: rules.said.added, description: title, destructive: false };
  return null;
}

/** The top bar's cart button, for assistive technology. */
export function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The functions above and the rules, as the boot script receives them. */
export interface CartKit {
  rules: CartRules;
  sanitizeLines: typeof sanitizeLines;
  addLine: typeof addLine;
  saidAfterAdd: typeof saidAfterAdd;
}

/** What one early "Add to Cart" leaves in storage and says. */
export interface StoredAdd {
  /** The JSON to store under CART_STORAGE.key. */
  stored: string;
  /** Copies in the cart afterwards (the top bar's count). */
  count: number;
  /** The store's toast for this add (null when it shows none: a copy added to a line). */
  said: CartSaid | null;
}

/**
 * "Add to Cart" on the cart as the store left it in storage (`raw`, null when nothing is
 * stored), for a press before the app has started: the stored cart the store will read on its
 * start, with the line added as its add() would add it. Null when that cannot be told for sure
 * (a stored shape or version the store would change or migrate, a line that is not a line, a
 * stored currency other than the line's); then the app carries the press out itself.
 */
export function addToStoredCart(raw: string | null, line: unknown, version: number, kit: CartKit): StoredAdd | null {
  let stored: { state?: Record<string, unknown>; version?: unknown } | null;
  try {
    stored = raw === null ? { state: { items: [], lastCheckoutSession: null }, version } : JSON.parse(raw);
  } catch {
    return null;
  }
  const state = stored?.state;
  if (stored?.version !== version || typeof state !== 'object' || state === null || 'lastCheckout' in state)
    return null;
  const rules = kit.rules;
  const items = kit.sanitizeLines(state.items, rules);
  const lines = kit.sanitizeLines([{ ...(line as object), quantity: 1 }], rules);
  const item = lines[0];
  // the store reads exactly what is stored: same lines, a known currency (or none yet: the page's)
  if (!item || JSON.stringify(items) !== JSON.stringify(state.items)) return null;
  if (state.currency !== undefined && state.currency !== item.currency) return null;
  const next = kit.addLine(items, item, 1, rules);
  return {
    stored: JSON.stringify({ state: { ...state, items: next.items, currency: item.currency }, version }),
    count: next.items.reduce((sum, l) => sum + l.quantity, 0),
    said: kit.saidAfterAdd(next, item.title, rules),
  };
}
