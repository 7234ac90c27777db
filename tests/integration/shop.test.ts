// The print shop against a real PocketBase, Stripe's stripe-mock (through the stateful
// stand-in) and a real SMTP server (maildev).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSuperuser, createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import type { StripeStandin } from '../support/stripe-standin';
import { getRecord } from './helpers';
import {
  ARTIST,
  createPrint,
  list,
  mailTo as mailToShop,
  post,
  runCron,
  type Shop,
  startRatesFeed,
  startShop,
} from './shop-support';

let shop: Shop;
let pb: TestPocketBase;
let stripe: StripeStandin;
let rates: Awaited<ReturnType<typeof startRatesFeed>>;

const api = (path: string, body: unknown, headers: Record<string, string> = {}) => post(pb, path, body, headers);

const checkout = (items: unknown[], currency = 'eur', extra: Record<string, unknown> = {}) =>
  api('/api/atelier/create-payment', { items, currency, customerEmail: 'buyer@example.com', ...extra });

const mailTo = (address: string) => mailToShop(shop, address);

beforeAll(async () => {
  rates = await startRatesFeed(() => ({
    amount: 1,
    base: 'EUR',
    date: '2026-11-20',
    rates: { SEK: 11.02, USD: 1.0512 },
  }));
  shop = await startShop(rates.env);
  ({ pb, stripe } = shop);
});

afterAll(async () => {
  await shop?.stop();
  await rates?.stop();
});

describe('create-payment (prints)', () => {
  it('opens a Checkout Session that stripe-mock accepts, priced from the database', async () => {
    const print = await createPrint(pb, {
      slug: 'lantern',
      title: 'The Lantern Bearer',
      price_cents: 24000,
      price_cents_usd: 27500,
      edition_size: 30,
    });
    const before = stripe.requests.length;
    // the browser's title and price are ignored: tampered values change nothing
    const r = await checkout(
      [{ id: `print-${print.id}`, title: 'Free print', price: 1, quantity: 2, currency: 'eur', imageUrl: 'x' }],
      'usd',
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    expect(r.json.sessionId).toMatch(/^cs_test_/);
    const sent = stripe.requests[before].params;
    expect(sent.mode).toBe('payment');
    expect(sent.line_items).toHaveLength(1);
    expect(sent.line_items[0].price_data).toMatchObject({
      currency: 'usd',
      unit_amount: '27500',
      product_data: { name: 'The Lantern Bearer' },
    });
    expect(sent.line_items[0].quantity).toBe('2');
    expect(sent.success_url).toBe(`${pb.url}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(sent.cancel_url).toBe(`${pb.url}/payment-canceled?session_id={CHECKOUT_SESSION_ID}`);
    expect(sent.customer_email).toBe('buyer@example.com');
    expect(sent.client_reference_id).toBe(r.json.orderId);
    expect(sent.metadata).toMatchObject({ order_id: r.json.orderId, kind: 'print' });
    expect(sent.shipping_address_collection.allowed_countries).toContain('SE');
    const ttl = Number(sent.expires_at) - Math.floor(Date.now() / 1000);
    expect(ttl).toBeGreaterThanOrEqual(30 * 60);
    expect(ttl).toBeLessThanOrEqual(32 * 60);
    const order = await getRecord(pb, 'orders', r.json.orderId);
    expect(order).toMatchObject({
      status: 'pending',
      kind: 'print',
      currency: 'usd',
      amount_total: 55000,
      stripe_session_id: r.json.sessionId,
    });
    expect((await getRecord(pb, 'prints', print.id)).available).toBe(28);
  });

  it('the stand-in refuses what Stripe refuses (stripe-mock validates every create)', async () => {
    const res = await fetch(`${stripe.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'mode=subscriptionz&success_url=https%3A%2F%2Fexample.com',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/mode/);
  });

  it('converts EUR with the stored rate and rounds to whole units', async () => {
    // a fresh database gets its rates within a minute, then every 30 minutes
    await runCron(
      pb,
      'atelier_exchange_rates_initial',
      async () => (await list(pb, 'exchange_rates', "base='EUR'")).length === 2,
    );
    const first = await list(pb, 'exchange_rates', "base='EUR'");
    expect(first).toHaveLength(2);
    await runCron(pb, 'atelier_exchange_rates', async () =>
      (await list(pb, 'exchange_rates', "base='EUR'")).some((r) => r.fetched_at !== first[0].fetched_at),
    );
    const rates = await list(pb, 'exchange_rates', "base='EUR'");
    expect(Object.fromEntries(rates.map((x) => [x.currency, x.rate]))).toEqual({ SEK: 11.02, USD: 1.0512 });
    const print = await createPrint(pb, { slug: 'sek-print', title: 'Kronor', price_cents: 24000 });
    const r = await checkout([{ id: print.id, quantity: 1 }], 'sek');
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    // 240 × 11.02 = 2644.8 → 2645 kr
    expect(stripe.requests.at(-1)?.params.line_items[0].price_data.unit_amount).toBe('264500');
    const usd = await checkout([{ id: print.id, quantity: 1 }], 'usd');
    // 240 × 1.0512 = 252.288 → $252
    expect(usd.status).toBe(200);
    expect(stripe.requests.at(-1)?.params.line_items[0].price_data.unit_amount).toBe('25200');
  });

  it('answers clear errors for unknown or inactive prints, bad quantities and currencies', async () => {
    const inactive = await createPrint(pb, { slug: 'hidden', is_active: false });
    const ok = await createPrint(pb, { slug: 'valid-one' });
    expect((await checkout([{ id: 'nosuchprint0000', quantity: 1 }])).status).toBe(404);
    const r = await checkout([{ id: inactive.id, quantity: 1 }]);
    expect(r.status).toBe(404);
    expect(r.json.message).toMatch(/no longer available/);
    expect((await checkout([{ id: ok.id, quantity: 0 }])).status).toBe(400);
    expect((await checkout([{ id: ok.id, quantity: 1.5 }])).status).toBe(400);
    expect((await checkout([{ id: ok.id, quantity: 1 }], 'gbp')).status).toBe(400);
    const empty = await checkout([]);
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Add some prints to your cart first.');
  });

  it('20 concurrent checkouts for an edition with 5 left: exactly 5 succeed, the rest are told it sold out', async () => {
    const print = await createPrint(pb, {
      slug: 'drop-five',
      title: 'Five Left',
      edition_size: 12,
      sold: 7,
      available: 5,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkout([{ id: print.id, quantity: 1 }], 'eur', { customerEmail: `five${i}@example.com` }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.json.message).toBe('"Five Left" is sold out.');
    }
    const p = await getRecord(pb, 'prints', print.id);
    expect(p.available).toBe(0);
    const holds = await list(pb, 'stock_holds', `print_id='${print.id}' && status='open'`);
    expect(holds.reduce((s, h) => s + h.quantity, 0)).toBe(5);
  });

  it('says how many are left when the cart asks for more', async () => {
    const print = await createPrint(pb, { slug: 'one-left', title: 'One Left', edition_size: 12, sold: 11 });
    const r = await checkout([{ id: print.id, quantity: 2 }]);
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('Only 1 left of "One Left".');
    expect(r.json.data.items).toEqual({ code: 'sold_out', message: 'Only 1 left of "One Left".' });
  });
});

describe('Stripe webhook', () => {
  const post = (payload: string, header: string | null) =>
    fetch(`${pb.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      body: payload,
    });

  it('rejects forged, tampered, stale and missing signatures with 400', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_x', payment_status: 'paid' } },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await post(payload, forged)).status).toBe(400);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
    expect((await post(payload.replace('cs_test_x', 'cs_test_y'), good)).status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: stripe.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await post(payload, stale)).status).toBe(400);
    expect((await post(payload, null)).status).toBe(400);
    expect((await post(payload, 't=abc,v1=def')).status).toBe(400);
    // a valid signature among others (secret rotation) is accepted
    const t = good.split(',')[0];
    const v1 = good.split(',')[1];
    expect((await post(payload, `${t},v1=${'0'.repeat(64)},${v1},v0=xyz`)).status).toBe(200);
  });

  it('the same completed event delivered 10 times gives one paid order and one email each', async () => {
    await shop.mail.clear();
    const print = await createPrint(pb, { slug: 'tenfold', title: 'Tenfold', edition_size: 5 });
    const r = await checkout([{ id: print.id, quantity: 2 }], 'eur', { customerEmail: 'tenfold@example.com' });
    expect(r.status).toBe(200);
    const first = (await stripe.pay(r.json.sessionId)) as { event: unknown; payload: string; status: number };
    expect(first.status).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 9 }, () =>
        post(
          first.payload,
          Stripe.webhooks.generateTestHeaderString({ payload: first.payload, secret: stripe.webhookSecret }),
        ),
      ),
    );
    for (const res of again) expect(res.status).toBe(200);
    // plus verify-payment from the success page, concurrently with a new event id for the same session
    const [v] = await Promise.all([
      api('/api/atelier/verify-payment', { sessionId: r.json.sessionId }),
      stripe.deliver('checkout.session.completed', r.json.sessionId),
    ]);
    expect(v.status).toBe(200);
    expect(v.json.order.payment_status).toBe('paid');
    const order = await getRecord(pb, 'orders', r.json.orderId);
    expect(order.status).toBe('paid');
    expect(order.shipping?.address?.city).toBe('Stockholm');
    const p = await getRecord(pb, 'prints', print.id);
    expect(p).toMatchObject({ sold: 2, available: 3 });
    const holds = await list(pb, 'stock_holds', `order_id='${r.json.orderId}'`);
    expect(holds.map((h) => [h.status, h.edition_numbers])).toEqual([['consumed', [1, 2]]]);
    // every send is logged before the request that made it answers: one mail each
    const logged = await list(pb, 'mail_log', `ref='${r.json.orderId}' && status='sent'`);
    expect(logged.map((m) => m.kind).sort()).toEqual(['order-artist', 'order-buyer']);
    await expect.poll(async () => (await mailTo('tenfold@example.com')).length).toBe(1);
    await expect.poll(async () => (await mailTo(ARTIST)).length).toBe(1);
    const artistMail = await mailTo(ARTIST);
    expect(artistMail[0].subject).toBe(`New print order ${r.json.orderId.slice(0, 8)}`);
    expect(await list(pb, 'stripe_events', `session_id='${r.json.sessionId}'`)).toHaveLength(2);
  });

  it('a completed but unpaid session waits; async_payment_succeeded fulfils it', async () => {
    const print = await createPrint(pb, { slug: 'async-pay', edition_size: 2 });
    const r = await checkout([{ id: print.id, quantity: 1 }]);
    await stripe.pay(r.json.sessionId, { paid: false });
    expect((await getRecord(pb, 'orders', r.json.orderId)).status).toBe('pending');
    stripe.session(r.json.sessionId)!.payment_status = 'paid';
    expect((await stripe.deliver('checkout.session.async_payment_succeeded', r.json.sessionId)).status).toBe(200);
    expect((await getRecord(pb, 'orders', r.json.orderId)).status).toBe('paid');
  });

  it('an expired session returns its stock', async () => {
    const print = await createPrint(pb, { slug: 'expiring', title: 'Expiring', edition_size: 1 });
    const r = await checkout([{ id: print.id, quantity: 1 }]);
    expect((await getRecord(pb, 'prints', print.id)).available).toBe(0);
    expect((await checkout([{ id: print.id, quantity: 1 }])).status).toBe(409);
    expect(((await stripe.expire(r.json.sessionId)) as { status: number }).status).toBe(200);
    expect((await getRecord(pb, 'orders', r.json.orderId)).status).toBe('expired');
    expect((await getRecord(pb, 'prints', print.id)).available).toBe(1);
    expect((await checkout([{ id: print.id, quantity: 1 }])).status).toBe(200);
  });

  it('the sweep releases holds whose checkout was abandoned without a webhook', async () => {
    const print = await createPrint(pb, { slug: 'abandoned', edition_size: 2 });
    const r = await checkout([{ id: print.id, quantity: 2 }]);
    const [hold] = await list(pb, 'stock_holds', `order_id='${r.json.orderId}'`);
    await asSuperuser(pb, `/api/collections/stock_holds/records/${hold.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ expires_at: '2020-01-01 00:00:00.000Z' }),
    });
    await runCron(
      pb,
      'atelier_release_holds',
      async () => (await getRecord(pb, 'orders', r.json.orderId)).status !== 'pending',
    );
    expect((await getRecord(pb, 'orders', r.json.orderId)).status).toBe('expired');
    expect((await getRecord(pb, 'prints', print.id)).available).toBe(2);
  });
});

describe('verify-payment', () => {
  it('404s for unknown sessions and fulfils paid ones the webhook has not reached yet', async () => {
    expect((await api('/api/atelier/verify-payment', { sessionId: 'cs_test_nope' })).status).toBe(404);
    expect((await api('/api/atelier/verify-payment', {})).status).toBe(404);
    const print = await createPrint(pb, { slug: 'verify-me', title: 'Verify Me', edition_size: 4 });
    const r = await checkout([{ id: print.id, quantity: 1 }]);
    const pending = await api('/api/atelier/verify-payment', { sessionId: r.json.sessionId });
    expect(pending.json.order).toMatchObject({ id: r.json.orderId, payment_status: 'unpaid' });
    await stripe.pay(r.json.sessionId, { deliver: false });
    const paid = await api('/api/atelier/verify-payment', { sessionId: r.json.sessionId });
    expect(paid.status).toBe(200);
    expect(paid.json.order).toMatchObject({ id: r.json.orderId, payment_status: 'paid' });
    expect(paid.json.order.items[0]).toMatchObject({
      type: 'print',
      id: print.id,
      title: 'Verify Me',
      quantity: 1,
      unit_amount: 24000,
      currency: 'eur',
    });
    expect((await getRecord(pb, 'prints', print.id)).sold).toBe(1);
  });
});

describe('create-payment (course)', () => {
  it('needs a signed-in user, a published course, and enrols the buyer once paid', async () => {
    const c = await asSuperuser(pb, '/api/collections/courses/records', {
      method: 'POST',
      body: JSON.stringify({
        slug: 'whispering-game',
        title: 'The Whispering Game',
        price_cents: 13900,
        currency: 'usd',
        is_published: true,
        instructor_name: 'A',
      }),
    });
    expect(c.status).toBe(200);
    const course = (await c.json()) as { id: string };
    expect((await api('/api/atelier/create-payment', { courseSlug: 'whispering-game' })).status).toBe(401);
    const user = await createUser(pb, { email: 'learner@example.com' });
    const auth = { authorization: user.token };
    expect((await api('/api/atelier/create-payment', { courseSlug: 'nope' }, auth)).status).toBe(404);
    const r = await api(
      '/api/atelier/create-payment',
      { courseSlug: 'whispering-game', items: [{ title: 'x', price: 1, quantity: 1 }], currency: 'usd' },
      auth,
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const sent = stripe.requests.at(-1)?.params;
    expect(sent.line_items[0].price_data).toMatchObject({ currency: 'usd', unit_amount: '13900' });
    expect(sent.shipping_address_collection).toBeUndefined();
    expect(sent.metadata).toMatchObject({ kind: 'course', user_id: user.id, course_id: course.id });
    await stripe.pay(r.json.sessionId, { customerEmail: 'someone-else@example.com' });
    const enrol = await list(pb, 'course_enrollments', `user_id='${user.id}'`);
    expect(enrol).toHaveLength(1);
    expect(enrol[0]).toMatchObject({ course_id: course.id, source: 'purchase', order_id: r.json.orderId });
    const again = await api('/api/atelier/create-payment', { courseSlug: 'whispering-game' }, auth);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('You are already enrolled in this course.');
  });
});

describe('without Stripe configured', () => {
  it('checkout answers 503 with a clear message', async () => {
    const bare = await startPocketBase({ env: { STRIPE_SECRET_KEY: '', STRIPE_API_BASE: '' } });
    try {
      const res = await fetch(`${bare.url}/api/atelier/create-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ id: 'abc', quantity: 1 }], currency: 'eur' }),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toMatch(/Payments are not configured/);
    } finally {
      await bare.stop();
    }
  });
});

describe('Stripe failures', () => {
  it('releases the hold and answers 502 when Stripe cannot be reached', async () => {
    const down = await startPocketBase({ env: { ...stripe.env, STRIPE_API_BASE: 'http://127.0.0.1:9' } });
    try {
      const created = await asSuperuser(down, '/api/collections/prints/records', {
        method: 'POST',
        body: JSON.stringify({
          slug: 'unreachable',
          title: 'Unreachable',
          currency: 'eur',
          price_cents: 10000,
          edition_size: 1,
          is_active: true,
        }),
      });
      const print = (await created.json()) as { id: string };
      const res = await fetch(`${down.url}/api/atelier/create-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ id: print.id, quantity: 1 }],
          currency: 'eur',
          customerEmail: 'late@example.com',
        }),
      });
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/could not be reached/);
      const p = (await (await asSuperuser(down, `/api/collections/prints/records/${print.id}`)).json()) as {
        available: number;
      };
      expect(p.available).toBe(1);
      const orders = (await (await asSuperuser(down, '/api/collections/orders/records')).json()) as {
        items: { status: string }[];
      };
      expect(orders.items.map((o) => o.status)).toEqual(['failed']);
    } finally {
      await down.stop();
    }
  });
});
