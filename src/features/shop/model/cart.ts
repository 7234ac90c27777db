import { addLine, CART_RULES, type CartItem, type NewCartItem, sanitizeLines } from './cart-rules';

export type { CartItem, NewCartItem } from './cart-rules';

/** Cart line id of a print. */
export const printCartId = (printId: string) => `print-${printId}`;

/** What the cart says when an order would pass the contract's ORDER_LIMITS (the server's words). */
export const CART_LIMITS = { copies: CART_RULES.said.copies, lines: CART_RULES.said.lines } as const;

/**
 * Adding an id already in the cart raises its quantity by `quantity` (default 1); a new id
 * is appended, within the order limits the server applies (cart-rules.ts: addLine).
 */
export function addToItems(
  items: readonly CartItem[],
  item: NewCartItem,
  quantity = item.quantity ?? 1,
): { items: CartItem[]; added: boolean; refused: string } {
  return addLine(items, item, quantity, CART_RULES);
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

/**
 * Whatever storage held, a valid list of lines within the order limits: unreadable data gives
 * an empty cart.
 */
export const sanitizeItems = (value: unknown): CartItem[] => sanitizeLines(value, CART_RULES);
