import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Sheet } from '@/ui/sheet/LazySheet';
import { cartLabel } from '../model/cart-rules';
import { selectCartCount, useCartStore } from '../store';
import * as styles from './CartButton.css';
import { CartPanel } from './CartPanel';

/**
 * Top-bar cart button: shown only when the cart has items; opens the "Your cart" panel. An
 * emptied cart keeps the panel open (with its undo) until the visitor closes it. It is in the
 * page even while hidden: the boot script shows it, with its count, when it adds a print
 * pressed before the app has started (the hydrating render still has the empty cart, so the
 * count's text may differ from the server's then; the restored cart renders it again).
 */
export function CartButton() {
  const count = useCartStore(selectCartCount);
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A link in the panel (Browse print editions, the terms) leads away: the panel closes.
  useEffect(() => {
    if (pathname) setOpen(false);
  }, [pathname]);

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        hidden={count === 0}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={cartLabel(count)}
        onClick={() => setOpen(true)}
        data-testid="cart-button"
        data-cart-button=""
      >
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M5 7h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9L5 7Z" />
          <path d="M9 7V5.5a3 3 0 0 1 6 0V7" />
        </svg>
        <span className={styles.count} suppressHydrationWarning>
          {count}
        </span>
      </button>
      <Sheet open={open} onOpenChange={setOpen} title="Your cart" side="right">
        <CartPanel />
      </Sheet>
    </>
  );
}
