import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { cancelPaymentQueryOptions } from '../api/cancel-payment';
import { selectCartCount, useCartStore } from '../store';
import * as styles from './ShopPage.css';

/**
 * /payment-canceled?session_id=…: no charges were made; the checkout's session is closed so
 * its copies go back on sale at once. The cart was never emptied, so it is all still there.
 */
export function PaymentCanceledPage({ sessionId }: { sessionId?: string }) {
  const count = useCartStore(selectCartCount);
  const rememberedSession = useCartStore((s) => s.lastCheckoutSession);
  const forgetSession = useCartStore((s) => s.forgetLastCheckoutSession);
  // The URL names the session; a checkout opened by an older tab may only be remembered here.
  const toCancel = sessionId ?? rememberedSession ?? '';

  return (
    <div className={`${container} ${styles.status}`}>
      {toCancel ? (
        <CloseSession sessionId={toCancel} onClosed={toCancel === rememberedSession ? forgetSession : undefined} />
      ) : null}
      <p className={eyebrow}>Checkout</p>
      <h1 className={styles.statusTitle}>Payment canceled</h1>
      <p>Your payment was canceled. No charges were made.</p>
      {count > 0 ? (
        <p data-testid="cart-kept">{count === 1 ? 'The print is' : `The ${count} prints are`} still in your cart.</p>
      ) : null}
      <div className={styles.actions}>
        <Link to="/print-editions" className={button({ tone: 'solid' })}>
          Back to Print Editions
        </Link>
      </div>
    </div>
  );
}

/** Closes the checkout's Stripe session (renders nothing); `onClosed` once the server did. */
function CloseSession({ sessionId, onClosed }: { sessionId: string; onClosed?: () => void }) {
  const closed = useQuery(cancelPaymentQueryOptions(sessionId));
  useEffect(() => {
    if (closed.isSuccess) onClosed?.();
  }, [closed.isSuccess, onClosed]);
  return null;
}
