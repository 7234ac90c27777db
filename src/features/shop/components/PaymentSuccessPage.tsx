import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PageHead } from '@/features/site/components/PageHead';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { verifyPaymentQueryOptions } from '../api/verify-payment';
import { useCartStore } from '../store';
import * as styles from './ShopPage.css';

// Routes that arrive with the auth and course issues; typed links cannot name them yet.
const AUTH = '/auth' as never;
const MY_COURSES = '/my-courses' as never;

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

/** /payment-success?session_id=…: verifying, then the order id (8 characters) and status (SPEC §2/§4). */
export function PaymentSuccessPage({ sessionId }: { sessionId?: string }) {
  const clear = useCartStore((s) => s.clear);
  const forget = useCartStore((s) => s.forgetLastCheckout);
  // The cart is cleared on arrival, whatever the verification says.
  useEffect(() => {
    clear();
    forget();
  }, [clear, forget]);

  const { data: order, isPending } = useQuery({ ...verifyPaymentQueryOptions(sessionId ?? ''), enabled: !!sessionId });
  const verifying = !!sessionId && isPending;

  return (
    <div className={`${container} ${styles.status}`}>
      <PageHead title="Payment successful" />
      <p className={eyebrow}>Thank you</p>
      <h1 className={styles.title}>Payment successful</h1>
      {verifying ? (
        <p role="status" aria-live="polite">
          Verifying your payment...
        </p>
      ) : order ? (
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
      ) : (
        <p>Thank you for your order. A confirmation is on its way to your inbox.</p>
      )}
      <div className={styles.actions}>
        <Link to="/print-editions" className={button({ tone: 'outline' })}>
          Continue shopping
        </Link>
        <Link to={AUTH} className={button({ tone: 'outline' })}>
          Sign in
        </Link>
        <Link to={MY_COURSES} className={button({ tone: 'solid' })}>
          My courses
        </Link>
      </div>
    </div>
  );
}
