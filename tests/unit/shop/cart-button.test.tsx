import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { CartButton } from '@/features/shop/components/CartButton';
import type { CartItem } from '@/features/shop/model/cart';
import { useCartStore } from '@/features/shop/store';

const line: CartItem = { id: 'print-a', title: 'Print A', price: 240, currency: 'eur', imageUrl: '', quantity: 1 };

function renderButton() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <CartButton />
    </QueryClientProvider>,
  );
}

describe('the cart button and its panel', () => {
  beforeEach(() => {
    localStorage.clear();
    useCartStore.setState({ items: [], lastCheckout: null, lastCheckoutSession: null, currency: 'eur' });
  });

  it('after the cart is emptied with Remove, the next "Add to Cart" does not open the panel by itself', {
    timeout: 30_000,
  }, async () => {
    act(() => useCartStore.getState().add(line));
    renderButton();
    fireEvent.click(screen.getByTestId('cart-button'));
    // the panel is a lazy chunk: on a cold run its first transform alone can take seconds
    await screen.findByRole('dialog', { name: 'Your cart' }, { timeout: 15_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Print A' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull(), { timeout: 3000 });
    expect(screen.queryByTestId('cart-button')).toBeNull();

    act(() => useCartStore.getState().add(line));
    // the sheet's code is loaded (it was open above), so an open sheet would be here now
    expect(screen.getByTestId('cart-button').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull();
    // and it does open when asked
    fireEvent.click(screen.getByTestId('cart-button'));
    expect(screen.getByRole('dialog', { name: 'Your cart' })).toBeTruthy();
  });
});
