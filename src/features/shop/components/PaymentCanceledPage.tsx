import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { cancelPaymentQueryOptions } from '../api/cancel-payment';
import { useCartStore } from '../store';
import * as styles from './ShopPage.css';

/**
 * /payment-canceled?session_id=…: no charges were made; the checkout's session is closed so
 * its copies go back on sale at once, and the cart it started with can come back.
 */
export function PaymentCanceledPage({ sessionId }: { sessionId?: string }) {
  const lastCheckout = useCartStore((s) => s.lastCheckout);
  const restore = useCartStore((s) => s.restoreLastCheckout);
  const rememberedSession = useCartStore((s) => s.lastCheckoutSession);
  const forgetSession = useCartStore((s) => s.forgetLastCheckoutSession);
  const count = (lastCheckout ?? []).reduce((n, l) => n + l.quantity, 0);
  // The URL names the session; a checkout opened by an older tab may only be remembered here.
  const toCancel = sessionId ?? rememberedSession ?? '';
  const canceled = useQuery({ ...cancelPaymentQueryOptions(toCancel), enabled: toCancel !== '' });
  useEffect(() => {
    if (canceled.isSuccess && toCancel === rememberedSession) forgetSession();
  }, [canceled.isSuccess, toCancel, rememberedSession, forgetSession]);

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
