import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@/features/shop/model/cart';
import { type CheckoutDeps, checkoutEmailProblem, runCheckout } from '@/features/shop/model/checkout';

const line: CartItem = { id: 'print-a', title: 'A', price: 240, currency: 'eur', imageUrl: '', quantity: 1 };

function deps(over: Partial<CheckoutDeps> = {}) {
  const d = {
    items: [line],
    currency: 'eur' as const,
    email: 'me@example.com',
    online: true,
    previousSession: null as string | null,
    cancel: vi.fn(async () => ({})),
    create: vi.fn(async () => ({ url: 'https://checkout.stripe.com/c/pay/cs_test_1', sessionId: 'cs_test_1' })),
    navigate: vi.fn(),
    toast: vi.fn(),
    onOpened: vi.fn(),
    ...over,
  };
  return { d };
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

  it('success says "Redirecting to checkout", goes to Stripe in this tab and leaves the cart alone', async () => {
    const { d } = deps();
    expect(await runCheckout(d)).toBe('opened');
    expect(d.create).toHaveBeenCalledWith({ items: [line], currency: 'eur', customerEmail: 'me@example.com' });
    expect(d.onOpened).toHaveBeenCalledWith('cs_test_1');
    expect(d.toast).toHaveBeenCalledWith({ title: 'Redirecting to checkout' });
    expect(d.navigate).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1');
    expect(d.cancel).not.toHaveBeenCalled();
  });

  it('without an email nothing is asked of the server and no toast repeats what the field says', async () => {
    for (const email of [null, '', '   ']) {
      const { d } = deps({ email });
      expect(await runCheckout(d)).toBe('email');
      expect(d.toast).not.toHaveBeenCalled();
      expect(d.navigate).not.toHaveBeenCalled();
      expect(d.create).not.toHaveBeenCalled();
    }
    expect(checkoutEmailProblem('')).toBe(
      'Enter your email address: your copies are held for you under it while you pay.',
    );
  });

  it('a malformed email is said by the field alone; a good one is sent trimmed', async () => {
    const bad = deps({ email: 'me@example' }).d;
    expect(await runCheckout(bad)).toBe('email');
    expect(bad.toast).not.toHaveBeenCalled();
    expect(checkoutEmailProblem('me@example')).toBe('Please enter a valid email address.');
    const good = deps({ email: '  me@example.com ' }).d;
    expect(await runCheckout(good)).toBe('opened');
    expect(good.create).toHaveBeenCalledWith({ items: [line], currency: 'eur', customerEmail: 'me@example.com' });
  });

  it('a checkout opened before and left without paying is closed before the next one opens', async () => {
    const order: string[] = [];
    const { d } = deps({
      previousSession: 'cs_test_old',
      cancel: vi.fn(async (id: string) => order.push(`cancel ${id}`)),
      create: vi.fn(async () => {
        order.push('create');
        return { url: 'https://checkout.stripe.com/c/pay/cs_test_2', sessionId: 'cs_test_2' };
      }),
    });
    expect(await runCheckout(d)).toBe('opened');
    expect(order).toEqual(['cancel cs_test_old', 'create']);
  });

  it('a previous checkout that cannot be closed does not stop the new one', async () => {
    const { d } = deps({ previousSession: 'cs_test_old', cancel: vi.fn(async () => Promise.reject(new Error('502'))) });
    expect(await runCheckout(d)).toBe('opened');
    expect(d.navigate).toHaveBeenCalled();
  });

  it('a failure shows "Checkout failed" with the server message and stays on the page', async () => {
    const { d } = deps({ create: vi.fn(async () => Promise.reject(new Error('Only 2 left of "A".'))) });
    expect(await runCheckout(d)).toBe('failed');
    expect(d.toast).toHaveBeenCalledWith({
      title: 'Checkout failed',
      description: 'Only 2 left of "A".',
      destructive: true,
    });
    expect(d.navigate).not.toHaveBeenCalled();
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
    expect(d.navigate).not.toHaveBeenCalled();
  });
});
