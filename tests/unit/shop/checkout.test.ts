import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@/features/shop/model/cart';
import { type CheckoutDeps, runCheckout } from '@/features/shop/model/checkout';

const line: CartItem = { id: 'print-a', title: 'A', price: 240, currency: 'eur', imageUrl: '', quantity: 1 };

function deps(over: Partial<CheckoutDeps> = {}) {
  const tab = { navigate: vi.fn(), close: vi.fn() };
  const d = {
    items: [line],
    currency: 'eur' as const,
    email: 'me@example.com',
    online: true,
    openTab: vi.fn(() => tab),
    navigateHere: vi.fn(),
    create: vi.fn(async () => ({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' })),
    toast: vi.fn(),
    onOpened: vi.fn(),
    ...over,
  };
  return { d, tab };
}

describe('print checkout', () => {
  it('an empty cart gets the destructive "Empty cart" toast and no request', async () => {
    const { d } = deps({ items: [] });
    expect(await runCheckout(d)).toBe('empty');
    expect(d.toast).toHaveBeenCalledWith({
      title: 'Empty cart',
      description: 'Add some prints to your cart first.',
      destructive: true,
    });
    expect(d.create).not.toHaveBeenCalled();
  });

  it('success opens the checkout in a new tab, clears the cart and says "Redirecting to checkout"', async () => {
    const { d, tab } = deps();
    expect(await runCheckout(d)).toBe('opened');
    expect(d.create).toHaveBeenCalledWith({ items: [line], currency: 'eur', customerEmail: 'me@example.com' });
    expect(tab.navigate).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(d.onOpened).toHaveBeenCalled();
    expect(d.toast).toHaveBeenCalledWith({ title: 'Redirecting to checkout' });
    expect(d.navigateHere).not.toHaveBeenCalled();
  });

  it('without an email nothing is asked of the server: "Email required", no tab opened', async () => {
    for (const email of [null, '', '   ']) {
      const { d } = deps({ email });
      expect(await runCheckout(d)).toBe('email');
      expect(d.toast).toHaveBeenCalledWith({
        title: 'Email required',
        description: 'Enter your email address: your copies are held for you under it while you pay.',
        destructive: true,
      });
      expect(d.openTab).not.toHaveBeenCalled();
      expect(d.create).not.toHaveBeenCalled();
    }
  });

  it('a malformed email gets "Invalid email"; a good one is sent trimmed', async () => {
    const bad = deps({ email: 'me@example' }).d;
    expect(await runCheckout(bad)).toBe('email');
    expect(bad.toast).toHaveBeenCalledWith({
      title: 'Invalid email',
      description: 'Please enter a valid email address.',
      destructive: true,
    });
    const good = deps({ email: '  me@example.com ' }).d;
    expect(await runCheckout(good)).toBe('opened');
    expect(good.create).toHaveBeenCalledWith({ items: [line], currency: 'eur', customerEmail: 'me@example.com' });
  });

  it('falls back to this tab when the browser blocks the new one', async () => {
    const { d } = deps({ openTab: vi.fn(() => null) });
    expect(await runCheckout(d)).toBe('opened');
    expect(d.navigateHere).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
  });

  it('a failure shows "Checkout failed" with the server message, closes the tab, keeps the cart', async () => {
    const { d, tab } = deps({ create: vi.fn(async () => Promise.reject(new Error('Only 2 left of "A".'))) });
    expect(await runCheckout(d)).toBe('failed');
    expect(d.toast).toHaveBeenCalledWith({
      title: 'Checkout failed',
      description: 'Only 2 left of "A".',
      destructive: true,
    });
    expect(tab.close).toHaveBeenCalled();
    expect(d.onOpened).not.toHaveBeenCalled();
  });

  it('a failure without a message says "Please try again."', async () => {
    const { d } = deps({ create: vi.fn(async () => Promise.reject({})) });
    await runCheckout(d);
    expect(d.toast).toHaveBeenCalledWith({
      title: 'Checkout failed',
      description: 'Please try again.',
      destructive: true,
    });
  });

  it('no url in the answer is "No checkout URL received"', async () => {
    const { d } = deps({ create: vi.fn(async () => ({ url: '' })) });
    await runCheckout(d);
    expect(d.toast).toHaveBeenCalledWith({
      title: 'Checkout failed',
      description: 'No checkout URL received',
      destructive: true,
    });
  });

  it('offline, checkout says it needs a connection and sends nothing', async () => {
    const { d } = deps({ online: false });
    expect(await runCheckout(d)).toBe('offline');
    expect(d.create).not.toHaveBeenCalled();
    expect(d.openTab).not.toHaveBeenCalled();
  });
});
