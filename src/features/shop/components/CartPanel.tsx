import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Image } from '@/ui/image/Image';
import type { CartItem } from '../model/cart';
import { cartView } from '../model/cart-view';
import { formatPrice } from '../model/currency';
import { useCartStore } from '../store';
import * as styles from './CartPanel.css';
import { CheckoutButton } from './CheckoutButton';
import { LegalNote } from './LegalNote';
import { useKnownPrints, useShopPricing } from './use-shop-pricing';

interface Undo {
  message: string;
  lines: CartItem[];
}

/** Where focus goes after a change to the lines, once the panel has rendered it. */
type FocusTarget = { kind: 'line'; index: number } | { kind: 'notice' } | { kind: 'checkout' };

/**
 * "Your cart": lines with title, quantity, price and Remove; Subtotal, Checkout and a quiet
 * "Clear cart". Removing a line or clearing can be undone in place, and focus stays in the
 * panel (on the next line, or on the notice when nothing is left). Prices follow the selected
 * currency by the same rule the server charges.
 */
export function CartPanel() {
  const items = useCartStore((s) => s.items);
  const remove = useCartStore((s) => s.remove);
  const clear = useCartStore((s) => s.clear);
  const restoreLines = useCartStore((s) => s.restoreLines);
  const { currency, rates } = useShopPricing();
  const prints = useKnownPrints();
  const { lines, subtotal } = cartView(items, currency, prints, rates.rates);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusTarget || !rootRef.current) return;
    const root = rootRef.current;
    const el =
      focusTarget.kind === 'notice'
        ? root.querySelector<HTMLElement>('[data-cart-notice]')
        : focusTarget.kind === 'checkout'
          ? root.querySelector<HTMLElement>('[data-cart-actions] button')
          : root.querySelectorAll<HTMLElement>('[data-cart-remove]')[focusTarget.index];
    el?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const onRemove = (index: number) => {
    const line = items[index];
    if (!line) return;
    remove(line.id);
    setUndo({ message: `Removed “${line.title}”.`, lines: [line] });
    const left = items.length - 1;
    setFocusTarget(left > 0 ? { kind: 'line', index: Math.min(index, left - 1) } : { kind: 'notice' });
  };

  const onClear = () => {
    setUndo({ message: 'Cart cleared.', lines: items });
    clear();
    setFocusTarget({ kind: 'notice' });
  };

  const onUndo = () => {
    if (!undo) return;
    restoreLines(undo.lines);
    setUndo(null);
    setFocusTarget({ kind: 'checkout' });
  };

  const notice = undo ? (
    // tabIndex -1: focus lands here (read out) when the last line goes; Undo is the next Tab stop
    <p className={styles.notice} role="status" tabIndex={-1} data-cart-notice>
      {undo.message}{' '}
      <button type="button" className={styles.textButton} onClick={onUndo}>
        Undo
      </button>
    </p>
  ) : null;

  if (items.length === 0) {
    return (
      <div ref={rootRef} className={styles.empty}>
        <p>Your cart is empty.</p>
        {notice}
        <Link to="/print-editions" className={styles.textLink}>
          Browse print editions
        </Link>
      </div>
    );
  }

  return (
    <div ref={rootRef}>
      {notice}
      <ul className={styles.lines}>
        {lines.map((item, index) => (
          <li key={item.id} className={styles.line} data-testid="cart-line">
            <Image src={item.imageUrl || undefined} alt="" className={styles.thumb} width={64} height={80} />
            <div>
              <p className={styles.title}>{item.title}</p>
              <p className={styles.meta}>
                Qty {item.quantity} · {formatPrice(item.lineTotal, currency)}
              </p>
            </div>
            <button
              type="button"
              className={styles.remove}
              onClick={() => onRemove(index)}
              aria-label={`Remove ${item.title}`}
              data-cart-remove
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.summary}>
        <span>Subtotal</span>
        <strong data-testid="cart-subtotal">{formatPrice(subtotal, currency)}</strong>
      </p>
      <div className={styles.actions} data-cart-actions>
        <CheckoutButton />
        <LegalNote />
        <button type="button" className={styles.clear} onClick={onClear}>
          Clear cart
        </button>
      </div>
    </div>
  );
}
