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

/**
 * Adding an id already in the cart raises its quantity by `quantity` (default 1); a new id
 * is appended. `added` tells the caller which happened (only a new line gets a toast).
 */
export function addToItems(
  items: readonly CartItem[],
  item: NewCartItem,
  quantity = item.quantity ?? 1,
): { items: CartItem[]; added: boolean } {
  const qty = Math.max(1, Math.floor(quantity));
  const existing = items.find((line) => line.id === item.id);
  if (existing) {
    return {
      items: items.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + qty } : line)),
      added: false,
    };
  }
  return { items: [...items, { ...item, quantity: qty }], added: true };
}

export const removeFromItems = (items: readonly CartItem[], id: string): CartItem[] =>
  items.filter((line) => line.id !== id);

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

/** Whatever storage held, a valid list of lines: unreadable data gives an empty cart. */
export function sanitizeItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of value) {
    if (!isCartItem(entry) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    items.push(entry);
  }
  return items;
}
