import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { verifyPaymentQueryOptions } from '../api/verify-payment';
import { useCartStore } from '../store';
import * as styles from './ShopPage.css';

const STATUS_TEXT: Record<string, string> = {
  paid: 'Paid',
  unpaid: 'Payment pending',
  expired: 'Expired',
  failed: 'Failed',
  canceled: 'Canceled',
  needs_refund: 'Not fulfilled: being refunded',
  refunded: 'Refunded',
  amount_mismatch: 'Under review',
};

/** The order of the Checkout Session: "Verifying your payment...", then its id and status. */
function VerifiedOrder({ sessionId }: { sessionId: string }) {
  // A failed verification stops loading and shows no order details.
  const { data: order, isPending } = useQuery(verifyPaymentQueryOptions(sessionId));
  if (isPending) {
    return (
      <p role="status" aria-live="polite">
        Verifying your payment...
      </p>
    );
  }
  if (!order) return <p>Thank you for your order. A confirmation is on its way to your inbox.</p>;
  return (
    <>
      <p>Thank you for your order. A confirmation is on its way to your inbox.</p>
      <dl className={styles.orderFacts} data-testid="order-details">
        <dt>Order</dt>
        <dd data-testid="order-id">{order.id.slice(0, 8)}</dd>
        <dt>Status</dt>
        <dd data-testid="order-status">{STATUS_TEXT[order.payment_status] ?? order.payment_status}</dd>
        {order.items.length > 0 ? (
          <>
            <dt>Items</dt>
            <dd>{order.items.map((i) => `${i.title} × ${i.quantity}`).join(', ')}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

/** /payment-success?session_id=…: verifying, then the order id (8 characters) and status. */
export function PaymentSuccessPage({ sessionId }: { sessionId?: string }) {
  const clear = useCartStore((s) => s.clear);
  const forget = useCartStore((s) => s.forgetLastCheckout);
  // The cart is cleared on arrival, whatever the verification says.
  useEffect(() => {
    clear();
    forget();
  }, [clear, forget]);

  return (
    <div className={`${container} ${styles.status}`}>
      <p className={eyebrow}>Thank you</p>
      <h1 className={styles.title}>Payment successful</h1>
      {sessionId ? (
        <VerifiedOrder sessionId={sessionId} />
      ) : (
        <p>Thank you for your order. A confirmation is on its way to your inbox.</p>
      )}
      <div className={styles.actions}>
        <Link to="/print-editions" className={button({ tone: 'outline' })}>
          Continue shopping
        </Link>
        <Link to="/auth" className={button({ tone: 'outline' })}>
          Sign in
        </Link>
        <Link to="/my-courses" className={button({ tone: 'solid' })}>
          My courses
        </Link>
      </div>
    </div>
  );
}
