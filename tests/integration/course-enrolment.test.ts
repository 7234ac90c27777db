// Paid course checkout enrols through the shop's fulfilment (pb_hooks/lib/shop/fulfil.js): the
// course is paid on the Stripe stand-in and its signed webhook enrols the buyer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type Delivery, type StripeStandin, startStripeStandin } from '../support/stripe-standin';
import { api, listAll } from './helpers';

let pb: TestPocketBase;
let stripe: StripeStandin;

describe('course enrolment by payment', () => {
  beforeAll(async () => {
    stripe = await startStripeStandin();
    pb = await startPocketBase({ seed: true, env: stripe.env });
    stripe.setWebhookUrl(`${pb.url}/api/stripe/webhook`);
  });

  afterAll(async () => {
    await pb?.stop();
    await stripe?.stop();
  });

  const enrolmentsOf = (userId: string) =>
    listAll(pb, 'course_enrollments', `&filter=${encodeURIComponent(`user_id="${userId}"`)}`);

  it('a signed webhook for a paid course session enrols the buyer exactly once', async () => {
    const buyer = await createUser(pb, { email: 'buyer@example.com' });
    // prices come from the database: a price sent by the browser is ignored
    const r = await api(pb, 'POST', '/api/atelier/create-payment', buyer.token, {
      courseSlug: 'whispering-game',
      items: [{ title: 'x', price: 1, quantity: 1 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sessionId = r.body.sessionId as string;
    expect(await enrolmentsOf(buyer.id)).toHaveLength(0);
    expect((await api(pb, 'GET', '/api/collections/course_modules/records', buyer.token)).body.items).toHaveLength(0);

    // delivered by default, so the answer is the webhook delivery
    const first = (await stripe.pay(sessionId)) as Delivery;
    expect(first.status).toBe(200);
    // the same signed event again, and another event for the same session
    const replay = await fetch(`${pb.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': first.header },
      body: first.payload,
    });
    expect(replay.status).toBe(200);
    expect((await stripe.deliver('checkout.session.completed', sessionId)).status).toBe(200);

    const enrolments = await enrolmentsOf(buyer.id);
    expect(enrolments).toHaveLength(1);
    expect(enrolments[0].source).toBe('purchase');
    // enrolled: the chapters open, and a second checkout is refused
    expect((await api(pb, 'GET', '/api/collections/course_modules/records', buyer.token)).body.items).toHaveLength(11);
    expect(
      (await api(pb, 'POST', '/api/atelier/create-payment', buyer.token, { courseSlug: 'whispering-game' })).status,
    ).toBe(409);
  });

  it('does not enrol on a webhook with a bad signature', async () => {
    const buyer = await createUser(pb, { email: 'forger@example.com' });
    const r = await api(pb, 'POST', '/api/atelier/create-payment', buyer.token, { courseSlug: 'whispering-game' });
    expect(r.status).toBe(200);
    const session = stripe.session(r.body.sessionId);
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
    });
    const res = await fetch(`${pb.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      body: payload,
    });
    expect(res.status).toBe(400);
    expect(await enrolmentsOf(buyer.id)).toHaveLength(0);
  });
});
