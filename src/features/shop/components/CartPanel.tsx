import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { cartView } from '../model/cart-view';
import { formatPrice } from '../model/currency';
import { useCartStore } from '../store';
import * as styles from './CartPanel.css';
import { CheckoutButton } from './CheckoutButton';
import { useKnownPrints, useShopPricing } from './use-shop-pricing';

/**
 * "Your cart": lines with title, quantity, price and Remove; Subtotal, Checkout
 * and Clear cart. Prices follow the selected currency by the same rule the server charges.
 */
export function CartPanel() {
  const items = useCartStore((s) => s.items);
  const remove = useCartStore((s) => s.remove);
  const clear = useCartStore((s) => s.clear);
  const { currency, rates } = useShopPricing();
  const prints = useKnownPrints();
  const { lines, subtotal } = cartView(items, currency, prints, rates.rates);

  if (items.length === 0) return <p>Your cart is empty.</p>;

  return (
    <div>
      <ul className={styles.lines}>
        {lines.map((item) => (
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
              onClick={() => remove(item.id)}
              aria-label={`Remove ${item.title}`}
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
      <div className={styles.actions}>
        <CheckoutButton />
        <button type="button" className={button({ tone: 'outline', block: true })} onClick={clear}>
          Clear cart
        </button>
      </div>
    </div>
  );
}
