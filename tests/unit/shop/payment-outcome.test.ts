import { describe, expect, it } from 'vitest';
import { paymentOutcome } from '@/features/shop/model/payment-outcome';

describe('what /payment-success says', () => {
  it('says "successful" only for a paid order', () => {
    const statuses = ['paid', 'unpaid', 'expired', 'canceled', 'failed', 'needs_refund', 'refunded', 'amount_mismatch'];
    const successful = statuses.filter((s) =>
      /success/i.test(paymentOutcome({ sessionId: 'cs_test_1', verifying: false, paymentStatus: s }).title),
    );
    expect(successful).toEqual(['paid']);
  });

  it('a pending payment is "Payment pending", with nothing that calls it done', () => {
    const o = paymentOutcome({ sessionId: 'cs_test_1', verifying: false, paymentStatus: 'unpaid' });
    expect(o).toMatchObject({ view: 'pending', title: 'Payment pending' });
    expect(o.text).not.toMatch(/success|confirmation is on its way/i);
  });

  it('without a session, or when the check failed, it claims nothing', () => {
    expect(paymentOutcome({ verifying: false }).view).toBe('no-session');
    expect(paymentOutcome({ verifying: false }).text).not.toMatch(/thank you|success/i);
    const failed = paymentOutcome({ sessionId: 'cs_test_1', verifying: false, paymentStatus: null });
    expect(failed.view).toBe('unverified');
    expect(failed.title).not.toMatch(/success/i);
    expect(paymentOutcome({ sessionId: 'cs_test_1', verifying: false, paymentStatus: 'something-new' }).view).toBe(
      'unverified',
    );
  });

  it('while the server is asked, it says it is verifying', () => {
    expect(paymentOutcome({ sessionId: 'cs_test_1', verifying: true }).text).toBe('Verifying your payment...');
  });
});
