import { ORDER_LIMITS } from '@/lib/contract/contract.gen';
import { type Currency, isCurrency } from './currency';

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

/** Cart line id of a print. */
export const printCartId = (printId: string) => `print-${printId}`;

/** What the cart says when an order would pass the contract's ORDER_LIMITS (the server's words). */
export const CART_LIMITS = {
  copies: `At most ${ORDER_LIMITS.copiesPerPrint} copies of each print per order: the editions are limited.`,
  lines: `At most ${ORDER_LIMITS.lines} different prints per order.`,
} as const;

/**
 * Adding an id already in the cart raises its quantity by `quantity` (default 1); a new id
 * is appended. `added` tells the caller which happened (only a new line gets a toast). The
 * cart keeps to the order limits the server applies: a line holds at most
 * ORDER_LIMITS.copiesPerPrint copies and the cart at most ORDER_LIMITS.lines lines; what it
 * could not take is named in `refused` (one of CART_LIMITS), else `refused` is ''.
 */
export function addToItems(
  items: readonly CartItem[],
  item: NewCartItem,
  quantity = item.quantity ?? 1,
): { items: CartItem[]; added: boolean; refused: string } {
  const qty = Math.max(1, Math.floor(quantity));
  const existing = items.find((line) => line.id === item.id);
  const want = (existing?.quantity ?? 0) + qty;
  const capped = Math.min(want, ORDER_LIMITS.copiesPerPrint);
  const refused = want > capped ? CART_LIMITS.copies : '';
  if (existing) {
    return {
      items: items.map((line) => (line.id === item.id ? { ...line, quantity: capped } : line)),
      added: false,
      refused,
    };
  }
  if (items.length >= ORDER_LIMITS.lines) return { items: [...items], added: false, refused: CART_LIMITS.lines };
  return { items: [...items, { ...item, quantity: capped }], added: true, refused };
}

export const removeFromItems = (items: readonly CartItem[], id: string): CartItem[] =>
  items.filter((line) => line.id !== id);

/** Lines not in `items` are appended (an undo, or a cart kept aside); lines already there stay as they are. */
export function withLines(items: readonly CartItem[], lines: readonly CartItem[]): CartItem[] {
  const ids = new Set(items.map((line) => line.id));
  return [...items, ...lines.filter((line) => !ids.has(line.id))];
}

/** A print an order paid for, as the server reports it. */
export interface PaidLine {
  printId: string;
  quantity: number;
}

/** The paid copies leave the cart: a line's quantity goes down by what was bought, to nothing. */
export function removePaidLines(items: readonly CartItem[], paid: readonly PaidLine[]): CartItem[] {
  const bought = new Map<string, number>();
  for (const p of paid) bought.set(printCartId(p.printId), (bought.get(printCartId(p.printId)) ?? 0) + p.quantity);
  return items
    .map((line) => ({ ...line, quantity: line.quantity - (bought.get(line.id) ?? 0) }))
    .filter((line) => line.quantity > 0);
}

/** Sum of price × quantity. */
export const cartTotal = (items: readonly CartItem[]): number =>
  items.reduce((sum, line) => sum + line.price * line.quantity, 0);

export const cartCount = (items: readonly CartItem[]): number => items.reduce((sum, line) => sum + line.quantity, 0);

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    v.id !== '' &&
    typeof v.title === 'string' &&
    typeof v.price === 'number' &&
    Number.isFinite(v.price) &&
    v.price >= 0 &&
    isCurrency(v.currency) &&
    typeof v.imageUrl === 'string' &&
    typeof v.quantity === 'number' &&
    Number.isInteger(v.quantity) &&
    v.quantity > 0
  );
}

/**
 * Whatever storage held, a valid list of lines within the order limits: unreadable data gives
 * an empty cart.
 */
export function sanitizeItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of value) {
    if (!isCartItem(entry) || seen.has(entry.id)) continue;
    if (items.length >= ORDER_LIMITS.lines) break;
    seen.add(entry.id);
    items.push({ ...entry, quantity: Math.min(entry.quantity, ORDER_LIMITS.copiesPerPrint) });
  }
  return items;
}
