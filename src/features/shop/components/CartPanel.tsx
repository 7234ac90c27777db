import { Image } from '@/ui/image/Image';
import { button } from '@/ui/button/button.css';
import { formatPrice } from '../model/currency';
import { selectCartTotal, useCartStore } from '../store';
import * as styles from './CartPanel.css';

/**
 * Cart lines with Remove, the Subtotal and Clear cart. Checkout (server-priced, stock held)
 * joins with the shop issue.
 */
export function CartPanel() {
  const items = useCartStore((s) => s.items);
  const currency = useCartStore((s) => s.currency);
  const total = useCartStore(selectCartTotal);
  const remove = useCartStore((s) => s.remove);
  const clear = useCartStore((s) => s.clear);
  const totalCurrency = items[0]?.currency ?? currency;

  if (items.length === 0) return <p>Your cart is empty.</p>;

  return (
    <div>
      <ul className={styles.lines}>
        {items.map((item) => (
          <li key={item.id} className={styles.line}>
            <Image src={item.imageUrl || undefined} alt="" className={styles.thumb} width={64} height={80} />
            <div>
              <p className={styles.title}>{item.title}</p>
              <p className={styles.meta}>
                Qty {item.quantity} · {formatPrice(item.price * item.quantity, item.currency)}
              </p>
            </div>
            <button type="button" className={styles.remove} onClick={() => remove(item.id)} aria-label={`Remove ${item.title}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.summary}>
        <span>Subtotal</span>
        <strong>{formatPrice(total, totalCurrency)}</strong>
      </p>
      <div className={styles.actions}>
        <button type="button" className={button({ tone: 'outline', block: true })} onClick={clear}>
          Clear cart
        </button>
      </div>
    </div>
  );
}
