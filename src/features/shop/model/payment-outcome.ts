// What /payment-success says, from what the server knows about the order: it never says
// "successful" before the payment is (SPEC change 11), and says what happens next.

type PaymentView =
  | 'no-session'
  | 'verifying'
  | 'unverified'
  | 'paid'
  | 'pending'
  | 'not-completed'
  | 'failed'
  | 'refunding'
  | 'refunded'
  | 'review';

export interface PaymentOutcome {
  view: PaymentView;
  /** The page's heading and tab title. */
  title: string;
  text: string;
}

const OUTCOMES: Record<PaymentView, Omit<PaymentOutcome, 'view'>> = {
  'no-session': {
    title: 'No payment to show',
    text: 'This page confirms a payment when you come back from checkout, and this link does not name one. If you paid, the confirmation email has the details of your order.',
  },
  verifying: { title: 'Checking your payment', text: 'Verifying your payment...' },
  unverified: {
    title: 'We could not confirm your payment',
    text: 'Your payment could not be checked just now. If you paid, a confirmation email will reach you; until a payment is confirmed your cart stays as it is.',
  },
  paid: {
    title: 'Payment successful',
    text: 'Thank you for your order. A confirmation is on its way to your inbox.',
  },
  pending: {
    title: 'Payment pending',
    text: 'Your payment is still being processed. We will email you as soon as it is confirmed; this page updates by itself.',
  },
  'not-completed': {
    title: 'Payment not completed',
    text: 'This checkout was canceled or has expired. No charges were made, and your cart is still here.',
  },
  failed: {
    title: 'Payment failed',
    text: 'The payment did not go through, so nothing was charged. Your cart is still here if you want to try again.',
  },
  refunding: {
    title: 'Your payment is being refunded',
    text: 'Your payment arrived after the last copy was sold, so the order cannot be fulfilled. The full amount is being refunded, and we have emailed you.',
  },
  refunded: { title: 'Payment refunded', text: 'This order was refunded in full.' },
  review: {
    title: 'Payment under review',
    text: 'The amount charged does not match your order, so nothing has been shipped yet. We will be in touch by email.',
  },
};

const BY_STATUS: Record<string, PaymentView> = {
  paid: 'paid',
  unpaid: 'pending',
  expired: 'not-completed',
  canceled: 'not-completed',
  failed: 'failed',
  needs_refund: 'refunding',
  refunded: 'refunded',
  amount_mismatch: 'review',
};

/**
 * The page for a verification: no session in the link, still verifying, failed (no order), or
 * the order's payment_status. An unknown status is not claimed to be anything.
 */
export function paymentOutcome(state: {
  sessionId?: string;
  verifying: boolean;
  paymentStatus?: string | null;
}): PaymentOutcome {
  let view: PaymentView;
  if (!state.sessionId) view = 'no-session';
  else if (state.verifying) view = 'verifying';
  else view = (state.paymentStatus && BY_STATUS[state.paymentStatus]) || 'unverified';
  return { view, ...OUTCOMES[view] };
}

/** Seconds between checks of a pending payment, and how many checks before it stops asking. */
export const PENDING_RECHECK_MS = 5000;
export const PENDING_RECHECKS = 24;
