// A refund the artist asks for on a server without STRIPE_SECRET_KEY (npm start with no secrets,
// a shop not yet connected to Stripe): the save is refused with a message that says what to do,
// the order keeps its state, nothing is refunded or mailed; refunded by hand afterwards, it is
// refunded with its mails. An order left in refund_requested from before the key was removed
// gets the cron's note, and settling it by hand clears the note (which held back the mails).
// Real PocketBase and maildev; the Stripe stand-in runs but the server has no key for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsAbout } from '../support/mail';
import { asSuperuser } from '../support/pocketbase';
import { ARTIST, type Json, nextEmail, patchRecord, runCron, type Shop, startShop } from './shop-support';
import { getRecord } from './helpers';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ STRIPE_SECRET_KEY: '' });
});
afterAll(async () => {
  await shop?.stop();
});

/** A paid print order as the webhook leaves it (made directly: this server cannot take payments). */
async function paidOrder(status = 'paid'): Promise<Json> {
  const res = await asSuperuser(shop.pb, '/api/collections/orders/records', {
    method: 'POST',
    body: JSON.stringify({
      kind: 'print',
      email: nextEmail(),
      items: [{ type: 'print', id: 'p1', slug: 'p1', title: 'The Listening Room', quantity: 1, unit_amount: 24000 }],
      currency: 'eur',
      amount_total: 24000,
      status,
      stripe_payment_intent: `pi_${Math.random().toString(36).slice(2, 14)}`,
      paid_at: new Date().toISOString().replace('T', ' '),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Json;
}

const refundMails = (email: string) => mailsAbout(shop.mail, email, (s) => /refund/i.test(s), 0);

describe('refund_requested without STRIPE_SECRET_KEY', () => {
  it('the save is refused with what to do; the order keeps its state; refunded by hand it is refunded once', async () => {
    const order = await paidOrder();
    const asked = await patchRecord(shop.pb, 'orders', order.id, { status: 'refund_requested', refund_amount: 40 });
    expect(asked.status).toBe(400);
    expect(asked.json.data.status.code).toBe('refund_unavailable');
    expect(asked.json.data.status.message).toContain('Refund the payment in the Stripe dashboard');
    expect(asked.json.data.status.message).toContain('set the status to refunded');
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'paid', amount_refunded: 0, refund_amount: 0, problem: '' });
    expect(after.refund_request_key).toBe('');
    expect(shop.stripe.requests.filter((q) => q.path === '/v1/refunds')).toHaveLength(0);
    expect(await refundMails(order.email)).toHaveLength(0);

    // the artist refunds in the dashboard and marks it refunded: the buyer is told once
    const done = await patchRecord(shop.pb, 'orders', order.id, { status: 'refunded' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(await getRecord(shop.pb, 'orders', order.id)).toMatchObject({ status: 'refunded', amount_refunded: 24000 });
    expect(await mailsAbout(shop.mail, order.email, (s) => s === 'Your refund')).toHaveLength(1);
  });

  it('a request from before the key was removed: the cron notes why, and settling it by hand clears the note', async () => {
    const order = await paidOrder('refund_requested');
    await runCron(shop.pb, 'atelier_refund_requests', async () => {
      return (await getRecord(shop.pb, 'orders', order.id)).problem !== '';
    });
    const noted = await getRecord(shop.pb, 'orders', order.id);
    expect(noted.status).toBe('refund_requested');
    expect(noted.problem).toContain('Payments are not configured on this server');
    expect(noted.amount_refunded).toBe(0);

    // the admin UI sends the note back with the step
    const done = await patchRecord(shop.pb, 'orders', order.id, { status: 'refunded', problem: noted.problem });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(await getRecord(shop.pb, 'orders', order.id)).toMatchObject({ status: 'refunded', problem: '' });
    expect(await mailsAbout(shop.mail, order.email, (s) => s === 'Your refund')).toHaveLength(1);
    const toArtist = await mailsAbout(shop.mail, ARTIST, (s) => s === `Refunded: order ${order.id.slice(0, 8)}`);
    expect(toArtist).toHaveLength(1);
  });
});
