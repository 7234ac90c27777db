import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '@/lib/pocketbase/session';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { PageHead } from '@/ui/page-head/PageHead';
import { type VerifiedOrder, verifyPaymentQueryOptions } from '../api/verify-payment';
import { type PaymentOutcome, paymentOutcome } from '../model/payment-outcome';
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

function OrderFacts({ order }: { order: VerifiedOrder }) {
  return (
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
  );
}

/** What to do next: a course buyer goes to the course, everyone else back to the prints. */
function NextSteps({ order, paid }: { order: VerifiedOrder | undefined; paid: boolean }) {
  const signedIn = useAuth().user !== null;
  const course = paid ? order?.items.find((i) => i.type === 'course') : undefined;
  if (course) {
    return (
      <div className={styles.actions}>
        {signedIn ? (
          <>
            <Link to="/course/$slug" params={{ slug: course.slug }} className={button({ tone: 'solid' })}>
              Start the course
            </Link>
            <Link to="/my-courses" className={button({ tone: 'outline' })}>
              My courses
            </Link>
          </>
        ) : (
          <Link to="/auth" search={{ redirect: `/course/${course.slug}` }} className={button({ tone: 'solid' })}>
            Sign in to start the course
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <Link to="/print-editions" className={button({ tone: 'solid' })}>
        {paid ? 'Continue shopping' : 'Back to Print Editions'}
      </Link>
    </div>
  );
}

/**
 * /payment-success?session_id=…: checks the Checkout Session with the server, then says what
 * is true of its order (paid, pending, not completed, …) with its id (8 characters) and status.
 * Only a paid order takes its prints out of the cart.
 */
export function PaymentSuccessPage({ sessionId }: { sessionId?: string }) {
  if (!sessionId) return <PaymentOutcomeView outcome={paymentOutcome({ sessionId, verifying: false })} />;
  return <VerifiedPayment sessionId={sessionId} />;
}

/** The page for a session the server is asked about. */
function VerifiedPayment({ sessionId }: { sessionId: string }) {
  const verification = useQuery(verifyPaymentQueryOptions(sessionId));
  const order = verification.data;
  const outcome = paymentOutcome({
    sessionId,
    verifying: verification.isPending,
    paymentStatus: order?.payment_status,
  });
  const paid = outcome.view === 'paid';
  const orderPaid = useCartStore((s) => s.orderPaid);
  useEffect(() => {
    if (!paid || !order) return;
    const prints = order.items.filter((i) => i.type === 'print').map((i) => ({ printId: i.id, quantity: i.quantity }));
    orderPaid(sessionId, prints);
  }, [paid, order, sessionId, orderPaid]);
  return <PaymentOutcomeView outcome={outcome} order={order} />;
}

function PaymentOutcomeView({ outcome, order }: { outcome: PaymentOutcome; order?: VerifiedOrder }) {
  const paid = outcome.view === 'paid';
  return (
    <div className={`${container} ${styles.status}`}>
      <PageHead title={outcome.title} />
      <p className={eyebrow}>{paid ? 'Thank you' : 'Checkout'}</p>
      <h1 className={styles.statusTitle} data-testid="payment-title">
        {outcome.title}
      </h1>
      <div aria-live="polite">
        <p role={outcome.view === 'verifying' ? 'status' : undefined}>{outcome.text}</p>
        {order ? <OrderFacts order={order} /> : null}
      </div>
      {outcome.view === 'verifying' ? null : <NextSteps order={order} paid={paid} />}
    </div>
  );
}
