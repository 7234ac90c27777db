// @vitest-environment jsdom
// "Add to Cart" before the app has started (model/cart-rules.ts: addToStoredCart, which the
// boot script carries): what it stores is what the store reads on its start, and it adds as
// the store's add() would, within the same limits, or declines when it cannot tell.
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_LIMITS, type CartItem } from '@/features/shop/model/cart';
import {
  addLine,
  addToStoredCart,
  CART_RULES,
  CART_STORAGE,
  saidAfterAdd,
  sanitizeLines,
} from '@/features/shop/model/cart-rules';
import { CART_STORAGE_KEY, useCartStore } from '@/features/shop/store';
import { useToastStore } from '@/ui/toast/toast-store';

const KIT = { rules: CART_RULES, sanitizeLines, addLine, saidAfterAdd };
const line = (id: string, over: Partial<CartItem> = {}) => ({
  id: `print-${id}`,
  title: `Print ${id}`,
  price: 240,
  currency: 'eur' as const,
  imageUrl: `/api/files/prints/${id}/cover_w400.webp`,
  ...over,
});

/** What the boot script does on a press: read storage, add, write. */
function pressEarly(added: ReturnType<typeof line>) {
  const done = addToStoredCart(localStorage.getItem(CART_STORAGE_KEY), added, CART_STORAGE.version, KIT);
  if (done) localStorage.setItem(CART_STORAGE_KEY, done.stored);
  return done;
}

/** The store as the app starts it: restored from storage (a set before it would overwrite storage). */
async function storeOnStart() {
  await useCartStore.persist.rehydrate();
  return useCartStore.getState();
}

beforeEach(() => {
  localStorage.clear();
  useToastStore.setState({ toasts: [] });
});

describe('an early "Add to Cart", read by the store on its start', () => {
  it('a first visit: the store starts with the line, once, in the page currency', async () => {
    expect(CART_STORAGE.key).toBe(CART_STORAGE_KEY);
    const done = pressEarly(line('a', { currency: 'sek', price: 2600 }));
    expect(done).toMatchObject({
      count: 1,
      said: { title: 'Added to cart', description: 'Print a', destructive: false },
    });
    const state = await storeOnStart();
    expect(state.items).toEqual([{ ...line('a', { currency: 'sek', price: 2600 }), quantity: 1 }]);
    expect(state.currency).toBe('sek');
    expect(state.lastCheckoutSession).toBeNull();
    // and the store writes back exactly what it read
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '')).toEqual(JSON.parse(done?.stored ?? ''));
  });

  it('a second press adds a second copy as add() does; a third is refused with the store words', async () => {
    pressEarly(line('a'));
    expect(pressEarly(line('a'))).toMatchObject({ count: 2, said: null });
    const before = localStorage.getItem(CART_STORAGE_KEY);
    const third = pressEarly(line('a'));
    expect(third).toMatchObject({
      count: 2,
      said: { title: 'Cart limit', description: CART_LIMITS.copies, destructive: true },
    });
    expect(CART_LIMITS.copies).toBe('At most 2 copies of each print per order: the editions are limited.');
    expect(third?.stored).toBe(before);
    expect((await storeOnStart()).items).toEqual([{ ...line('a'), quantity: 2 }]);
  });

  it('a full cart refuses a new print with the store words and keeps what it held', async () => {
    const full = Array.from({ length: CART_RULES.lines }, (_, i) => ({ ...line(`p${i}`), quantity: 1 }));
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ state: { items: full, currency: 'eur', lastCheckoutSession: 'cs_test_1' }, version: 1 }),
    );
    expect(pressEarly(line('one-more'))).toMatchObject({
      count: CART_RULES.lines,
      said: {
        title: 'Cart limit',
        description: `At most ${CART_RULES.lines} different prints per order.`,
        destructive: true,
      },
    });
    const state = await storeOnStart();
    expect(state.items).toEqual(full);
    expect(state.lastCheckoutSession).toBe('cs_test_1');
  });

  it('adds to a stored cart exactly as the started store would, press after press (seeded)', async () => {
    let seed = 20;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    // every toast the started store shows (the store keeps only the last few on screen)
    const shown: unknown[] = [];
    const stop = useToastStore.subscribe((s, before) => {
      if (s.toasts.length === 0) return;
      const last = s.toasts[s.toasts.length - 1];
      if (last && !before.toasts.includes(last))
        shown.push({ title: last.title, description: last.description, destructive: last.destructive });
    });
    for (let run = 0; run < 40; run++) {
      localStorage.clear();
      const ids = Array.from({ length: 1 + (next() % 4) }, () => `p${next() % 25}`);
      // the same presses: one before the app (the boot script), one with the app started
      const said = ids.map((id) => pressEarly(line(id))?.said).filter(Boolean);
      const early = (await storeOnStart()).items;
      useCartStore.setState({ items: [] });
      shown.length = 0;
      for (const id of ids) useCartStore.getState().add(line(id));
      expect(early, `presses ${ids.join(' ')}`).toEqual(useCartStore.getState().items);
      // and what the boot script said is what the store's toasts say (the app shows it on start)
      expect(said, `presses ${ids.join(' ')}`).toEqual(shown);
    }
    stop();
  });

  it.each([
    ['unreadable storage', '{not json'],
    ['another version (the store would migrate it)', JSON.stringify({ state: { items: [] }, version: 2 })],
    ['no state', JSON.stringify({ version: 1 })],
    [
      'a line the store would drop',
      JSON.stringify({ state: { items: [{ id: 'print-x', quantity: 1 }], currency: 'eur' }, version: 1 }),
    ],
    [
      'a line the store would cap',
      JSON.stringify({ state: { items: [{ ...line('x'), quantity: 9 }], currency: 'eur' }, version: 1 }),
    ],
    ['a stored currency other than the page', JSON.stringify({ state: { items: [], currency: 'usd' }, version: 1 })],
    ['a cart kept aside by an older version', JSON.stringify({ state: { items: [], lastCheckout: [] }, version: 1 })],
  ])('declines (the app carries the press out) on %s, and stores nothing', (_, raw) => {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    expect(pressEarly(line('a'))).toBeNull();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(raw);
  });

  it('declines a line that is not a cart line', () => {
    for (const bad of [line('a', { price: Number.NaN }), line('a', { id: '' }), { ...line('a'), currency: 'gbp' }])
      expect(addToStoredCart(null, bad, CART_STORAGE.version, KIT)).toBeNull();
    expect(addToStoredCart(null, null, CART_STORAGE.version, KIT)).toBeNull();
  });
});
