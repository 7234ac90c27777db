// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addToItems, CART_LIMITS, cartTotal, printCartId, sanitizeItems } from '@/features/shop/model/cart';
import { currencyCookie, currencyForLanguages, formatPrice } from '@/features/shop/model/currency';
import { CART_STORAGE_KEY, selectCartCount, selectCartTotal, useCartStore } from '@/features/shop/store';
import { ORDER_LIMITS } from '@/lib/contract/contract.gen';
import { useToastStore } from '@/ui/toast/toast-store';

const print = (id: string, price = 240) => ({
  id: printCartId(id),
  title: `Print ${id}`,
  price,
  currency: 'eur' as const,
  imageUrl: `/api/files/prints/${id}/cover.jpg`,
});

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [], currency: 'eur' });
  useToastStore.setState({ toasts: [] });
});

describe('cart model', () => {
  it('adding an id already in the cart raises its quantity instead of adding a line', () => {
    const first = addToItems([], print('a'));
    expect(first.added).toBe(true);
    const again = addToItems(first.items, print('a'), 1);
    expect(again.added).toBe(false);
    expect(again.refused).toBe('');
    expect(again.items).toEqual([{ ...print('a'), quantity: 2 }]);
  });

  it('a line holds at most the copies per print an order may have, and says so', () => {
    expect(ORDER_LIMITS.copiesPerPrint).toBe(2);
    const first = addToItems([], print('a'), 2);
    const again = addToItems(first.items, print('a'));
    expect(again.items).toEqual([{ ...print('a'), quantity: 2 }]);
    expect(again.refused).toBe('At most 2 copies of each print per order: the editions are limited.');
    const many = addToItems([], print('b'), 5);
    expect(many.items).toEqual([{ ...print('b'), quantity: 2 }]);
    expect(many.added).toBe(true);
    expect(many.refused).toBe(CART_LIMITS.copies);
  });

  it('the cart holds at most the lines an order may have, and says so', () => {
    let items = addToItems([], print('p0')).items;
    for (let i = 1; i < ORDER_LIMITS.lines; i++) items = addToItems(items, print(`p${i}`)).items;
    expect(items).toHaveLength(ORDER_LIMITS.lines);
    const over = addToItems(items, print('one-more'));
    expect(over.added).toBe(false);
    expect(over.items).toEqual(items);
    expect(over.refused).toBe(`At most ${ORDER_LIMITS.lines} different prints per order.`);
    // a line already in the cart can still grow
    expect(addToItems(items, print('p0')).items[0]?.quantity).toBe(2);
  });

  it('defaults the quantity to 1 and appends new ids in order', () => {
    const { items } = addToItems(addToItems([], print('a')).items, print('b'));
    expect(items.map((i) => [i.id, i.quantity])).toEqual([
      ['print-a', 1],
      ['print-b', 1],
    ]);
  });

  it('totals price times quantity', () => {
    const items = [
      { ...print('a', 240), quantity: 2 },
      { ...print('b', 95), quantity: 1 },
    ];
    expect(cartTotal(items)).toBe(575);
  });

  it('keeps only well-formed, unique lines from storage', () => {
    const good = { ...print('a'), quantity: 1 };
    expect(sanitizeItems('nonsense')).toEqual([]);
    expect(sanitizeItems(null)).toEqual([]);
    expect(
      sanitizeItems([
        good,
        { ...good },
        { ...print('b'), quantity: 0 },
        { ...print('c'), currency: 'gbp', quantity: 1 },
        { id: 'x' },
        42,
      ]),
    ).toEqual([good]);
  });

  it('brings a stored cart within the order limits', () => {
    const stored = Array.from({ length: ORDER_LIMITS.lines + 3 }, (_, i) => ({ ...print(`p${i}`), quantity: 5 }));
    const items = sanitizeItems(stored);
    expect(items).toHaveLength(ORDER_LIMITS.lines);
    expect(items.every((line) => line.quantity === ORDER_LIMITS.copiesPerPrint)).toBe(true);
  });
});

describe('cart store', () => {
  it('a new line shows the "Added to cart" toast with the item title; a repeat add does not', () => {
    useCartStore.getState().add(print('a'));
    expect(useToastStore.getState().toasts.map((t) => [t.title, t.description])).toEqual([
      ['Added to cart', 'Print a'],
    ]);

    useCartStore.getState().add(print('a'));
    expect(useToastStore.getState().toasts).toHaveLength(1);
    expect(useCartStore.getState().items[0]?.quantity).toBe(2);
  });

  it('the last print added replaces the toast of the one before; a refusal shows beside it', () => {
    const { add } = useCartStore.getState();
    for (const id of ['a', 'b', 'c']) add(print(id));
    add(print('c'), 5);
    expect(useToastStore.getState().toasts.map((t) => [t.title, t.description])).toEqual([
      ['Added to cart', 'Print c'],
      ['Cart limit', 'At most 2 copies of each print per order: the editions are limited.'],
    ]);
  });

  it('an add past the order limits keeps the cart within them and tells the buyer why', () => {
    const { add } = useCartStore.getState();
    add(print('a'), 2);
    add(print('a'));
    expect(useCartStore.getState().items[0]?.quantity).toBe(2);
    const last = useToastStore.getState().toasts.at(-1);
    expect([last?.title, last?.description, last?.destructive]).toEqual([
      'Cart limit',
      'At most 2 copies of each print per order: the editions are limited.',
      true,
    ]);
  });

  it('removes by id and clears', () => {
    const { add, remove } = useCartStore.getState();
    add(print('a'));
    add(print('b'), 2);
    expect(selectCartCount(useCartStore.getState())).toBe(3);
    remove('print-a');
    expect(useCartStore.getState().items.map((i) => i.id)).toEqual(['print-b']);
    expect(selectCartTotal(useCartStore.getState())).toBe(480);
    useCartStore.getState().clear();
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('persists lines and currency under a versioned key', () => {
    useCartStore.getState().add(print('a'));
    useCartStore.getState().setCurrency('sek');
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
    expect(CART_STORAGE_KEY).toMatch(/-v\d+$/);
    expect(stored.version).toBe(1);
    expect(stored.state).toEqual({
      items: [{ ...print('a'), quantity: 1 }],
      currency: 'sek',
      lastCheckoutSession: null,
    });
  });

  it('restores the cart and currency from storage', async () => {
    const line = { ...print('z'), quantity: 2 };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { items: [line], currency: 'usd' }, version: 1 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toEqual([line]);
    expect(useCartStore.getState().currency).toBe('usd');
  });

  it('unreadable storage gives an empty cart', async () => {
    useCartStore.setState({ items: [{ ...print('a'), quantity: 1 }] });
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toEqual([]);

    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { items: 'broken', currency: 'gbp' }, version: 1 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toEqual([]);
    // an unknown currency counts as no choice: the browser's languages pick one
    expect(useCartStore.getState().currency).toBe(currencyForLanguages(navigator.languages));
  });
});

describe('the currency the server rendered, and the cookie it reads', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    // biome-ignore lint/suspicious/noDocumentCookie: clears what the store wrote (jsdom)
    document.cookie = 'atelier_currency=; Max-Age=0; Path=/';
  });

  it("a first visit keeps the currency the page was rendered in, whatever the browser's guess", async () => {
    localStorage.removeItem(CART_STORAGE_KEY);
    const other = currencyForLanguages(navigator.languages) === 'sek' ? 'usd' : 'sek';
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="__rq_state" data-currency="${other}">{}</script>`;
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().currency).toBe(other);
  });

  it('a stored choice wins over the rendered currency, and is written to the cookie', async () => {
    document.body.innerHTML = '<script type="application/json" id="__rq_state" data-currency="sek">{}</script>';
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { items: [], currency: 'usd' }, version: 1 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().currency).toBe('usd');
    expect(document.cookie).toContain('atelier_currency=usd');
  });

  it('a choice is kept in the cookie for the server (a year, the whole site)', () => {
    useCartStore.getState().setCurrency('sek');
    expect(document.cookie).toContain('atelier_currency=sek');
    expect(currencyCookie('usd', true)).toBe('atelier_currency=usd; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(currencyCookie('eur', false)).not.toContain('Secure');
  });
});

describe('currency', () => {
  it('picks the default currency from the browser language', () => {
    expect(currencyForLanguages(['en-US'])).toBe('usd');
    expect(currencyForLanguages(['es-US'])).toBe('usd');
    expect(currencyForLanguages(['sv'])).toBe('sek');
    expect(currencyForLanguages(['sv-SE'])).toBe('sek');
    expect(currencyForLanguages(['fi-SE'])).toBe('sek');
    expect(currencyForLanguages(['en-GB'])).toBe('eur');
    expect(currencyForLanguages(['de-DE', 'en-US'])).toBe('eur');
    expect(currencyForLanguages([])).toBe('eur');
  });

  it('formats whole amounts with a narrow symbol in the currency locale', () => {
    expect(formatPrice(240, 'eur')).toBe('€240');
    expect(formatPrice(139, 'usd')).toBe('$139');
    expect(formatPrice(2760, 'sek').replace(/\s/g, ' ')).toBe('2 760 kr');
  });
});
