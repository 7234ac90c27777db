import { Link } from '@tanstack/react-router';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { useCartStore } from '../store';
import * as styles from './ShopPage.css';

/** /payment-canceled: no charges were made; the cart the checkout started with can come back. */
export function PaymentCanceledPage() {
  const lastCheckout = useCartStore((s) => s.lastCheckout);
  const restore = useCartStore((s) => s.restoreLastCheckout);
  const count = (lastCheckout ?? []).reduce((n, l) => n + l.quantity, 0);

  return (
    <div className={`${container} ${styles.status}`}>
      <p className={eyebrow}>Checkout</p>
      <h1 className={styles.title}>Payment canceled</h1>
      <p>Your payment was canceled. No charges were made.</p>
      <div className={styles.actions}>
        {count > 0 ? (
          <button
            type="button"
            className={button({ tone: 'solid' })}
            onClick={() => {
              restore();
              toast({
                title: 'Cart restored',
                description: `${count} ${count === 1 ? 'print is' : 'prints are'} back in your cart.`,
              });
            }}
          >
            Restore cart
          </button>
        ) : null}
        <Link to="/print-editions" className={button({ tone: count > 0 ? 'outline' : 'solid' })}>
          Back to Print Editions
        </Link>
      </div>
    </div>
  );
}
