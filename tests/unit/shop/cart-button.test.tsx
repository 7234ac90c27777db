// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { CartButton } from '@/features/shop/components/CartButton';
import type { CartItem } from '@/features/shop/model/cart';
import { useCartStore } from '@/features/shop/store';

const line: CartItem = { id: 'print-a', title: 'Print A', price: 240, currency: 'eur', imageUrl: '', quantity: 1 };

function renderButton() {
  // the panel links to pages (print editions, the terms): it needs a router around it
  const router = createRouter({
    routeTree: createRootRoute({ component: CartButton }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}

describe('the cart button and its panel', () => {
  beforeEach(() => {
    localStorage.clear();
    useCartStore.setState({ items: [], lastCheckoutSession: null, currency: 'eur' });
  });

  it('removing the last line keeps the panel open with an undo that has focus; once closed, the next "Add to Cart" does not reopen it', {
    timeout: 30_000,
  }, async () => {
    act(() => useCartStore.getState().add(line));
    renderButton();
    fireEvent.click(await screen.findByTestId('cart-button'));
    // the panel is a lazy chunk: on a cold run its first transform alone can take seconds
    const panel = await screen.findByRole('dialog', { name: 'Your cart' }, { timeout: 15_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Print A' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Removed “Print A”.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(panel.isConnected).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByTestId('cart-line')).toBeTruthy();
    expect(useCartStore.getState().items).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Print A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull(), { timeout: 3000 });
    expect(screen.getByTestId('cart-button').hidden).toBe(true);

    act(() => useCartStore.getState().add(line));
    // the sheet's code is loaded (it was open above), so an open sheet would be here now
    expect(screen.getByTestId('cart-button').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull();
    // and it does open when asked
    fireEvent.click(screen.getByTestId('cart-button'));
    expect(screen.getByRole('dialog', { name: 'Your cart' })).toBeTruthy();
  });
});
