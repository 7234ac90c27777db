// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartView, convert } from '@/features/shop/model/cart-view';
import { addToItems, cartTotal, type CartItem, removeFromItems, sanitizeItems } from '@/features/shop/model/cart';
import { CART_STORAGE_KEY, useCartStore } from '@/features/shop/store';
import { useToastStore } from '@/ui/toast/toast-store';

const item = (id: string, over: Partial<CartItem> = {}): CartItem => ({
  id,
  title: `Print ${id}`,
  price: 240,
  currency: 'eur',
  imageUrl: '',
  quantity: 1,
  ...over,
});

describe('cart semantics', () => {
  it('a new id is appended with quantity 1 by default', () => {
    const r = addToItems([], { ...item('print-a'), quantity: undefined });
    expect(r.added).toBe(true);
    expect(r.items).toEqual([item('print-a')]);
  });

  it('an id already present raises its quantity by the given amount, default 1, up to the order limit', () => {
    let r = addToItems([item('print-a')], item('print-a'));
    expect(r.added).toBe(false);
    expect(r.items[0].quantity).toBe(2);
    r = addToItems(r.items, item('print-a'), 3);
    expect(r.items[0].quantity).toBe(2);
    expect(r.refused).toMatch(/^At most 2 copies of each print per order/);
    expect(r.items).toHaveLength(1);
  });

  it('removes by id and totals price × quantity', () => {
    const items = [item('print-a', { quantity: 2 }), item('print-b', { price: 100 })];
    expect(cartTotal(items)).toBe(580);
    expect(removeFromItems(items, 'print-a')).toEqual([item('print-b', { price: 100 })]);
  });

  it('unreadable storage gives an empty cart', () => {
    expect(sanitizeItems('garbage')).toEqual([]);
    expect(sanitizeItems([{ id: 1 }, null, item('print-a', { quantity: 0 })])).toEqual([]);
    expect(sanitizeItems([item('print-a'), item('print-a')])).toEqual([item('print-a')]);
  });
});

describe('the cart store', () => {
  beforeEach(() => {
    useCartStore.setState({ items: [], lastCheckoutSession: null, currency: 'eur' });
    useToastStore.setState({ toasts: [] });
    localStorage.clear();
  });

  it('toasts "Added to cart" with the title only for a new id', () => {
    act(() => useCartStore.getState().add(item('print-a', { title: 'The Lantern Bearer' })));
    act(() => useCartStore.getState().add(item('print-a', { title: 'The Lantern Bearer' })));
    const toasts = useToastStore.getState().toasts;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Added to cart', description: 'The Lantern Bearer', destructive: false });
    expect(useCartStore.getState().items[0].quantity).toBe(2);
  });

  it('persists cart and currency under a versioned key', () => {
    act(() => {
      useCartStore.getState().add(item('print-a'));
      useCartStore.getState().setCurrency('sek');
    });
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}');
    expect(CART_STORAGE_KEY).toMatch(/-v\d+$/);
    expect(saved.state.items).toHaveLength(1);
    expect(saved.state.currency).toBe('sek');
  });

  it('a started checkout keeps the cart; a paid order takes out what it bought, and only that', () => {
    act(() => {
      useCartStore.getState().add(item('print-a'), 2);
      useCartStore.getState().add(item('print-b'));
      useCartStore.getState().checkoutStarted('cs_test_paid1');
    });
    expect(useCartStore.getState().items.map((i) => [i.id, i.quantity])).toEqual([
      ['print-a', 2],
      ['print-b', 1],
    ]);
    act(() => useCartStore.getState().add(item('print-c')));
    act(() =>
      useCartStore.getState().orderPaid('cs_test_paid1', [
        { printId: 'a', quantity: 1 },
        { printId: 'b', quantity: 1 },
      ]),
    );
    expect(useCartStore.getState().items.map((i) => [i.id, i.quantity])).toEqual([
      ['print-a', 1],
      ['print-c', 1],
    ]);
    expect(useCartStore.getState().lastCheckoutSession).toBeNull();
  });

  it('undo puts removed lines back without doubling what is there', () => {
    act(() => {
      useCartStore.getState().add(item('print-a'), 2);
      useCartStore.getState().add(item('print-b'));
    });
    const before = useCartStore.getState().items;
    act(() => useCartStore.getState().clear());
    act(() => useCartStore.getState().add(item('print-b')));
    act(() => useCartStore.getState().restoreLines(before));
    expect(useCartStore.getState().items.map((i) => [i.id, i.quantity])).toEqual([
      ['print-b', 1],
      ['print-a', 2],
    ]);
  });

  it('a cart an earlier version kept aside during checkout comes back on load', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        state: { items: [item('print-b')], currency: 'eur', lastCheckout: [item('print-a', { quantity: 2 })] },
        version: 1,
      }),
    );
    await act(() => useCartStore.persist.rehydrate());
    expect(useCartStore.getState().items.map((i) => [i.id, i.quantity])).toEqual([
      ['print-b', 1],
      ['print-a', 2],
    ]);
  });

  it("remembers the started checkout's session for /payment-canceled, and only a well-formed one from storage", async () => {
    act(() => {
      useCartStore.getState().add(item('print-a'));
      useCartStore.getState().checkoutStarted('cs_test_abc123');
    });
    expect(useCartStore.getState().lastCheckoutSession).toBe('cs_test_abc123');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}').state.lastCheckoutSession).toBe('cs_test_abc123');
    act(() => useCartStore.getState().forgetLastCheckoutSession());
    expect(useCartStore.getState().lastCheckoutSession).toBeNull();
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ state: { items: [], currency: 'eur', lastCheckoutSession: 'javascript:alert(1)' }, version: 1 }),
    );
    await act(() => useCartStore.persist.rehydrate());
    expect(useCartStore.getState().lastCheckoutSession).toBeNull();
  });

  it('rehydrates from storage, dropping malformed data', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ state: { items: [item('print-z'), { id: 5 }], currency: 'usd' }, version: 1 }),
    );
    await act(() => useCartStore.persist.rehydrate());
    expect(useCartStore.getState().items).toEqual([item('print-z')]);
    expect(useCartStore.getState().currency).toBe('usd');
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => useCartStore.persist.rehydrate());
    warn.mockRestore();
    expect(Array.isArray(useCartStore.getState().items)).toBe(true);
  });
});

describe('the cart shown in the selected currency', () => {
  const rates = { sek: 11.5, usd: 1.1 };
  it('prices known prints by the shared rule, others by converting their stored price', () => {
    const prints = new Map([['a', { price_cents: 24000, price_cents_usd: 27500 }]]);
    const v = cartView([item('print-a', { quantity: 2 }), item('print-b', { price: 100 })], 'usd', prints, rates);
    expect(v.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([
      [275, 550],
      [110, 110],
    ]);
    expect(v.subtotal).toBe(660);
  });
  it('converts through EUR', () => {
    expect(convert(2760, 'sek', 'eur', rates)).toBe(240);
    expect(convert(240, 'eur', 'sek', rates)).toBe(2760);
  });
});
