// Payments the shop must not take at face value: orders matched only by the server's own
// metadata, amounts checked, late payments after a sell-out refunded, one open course
// checkout per learner, Stripe refusing, oversized bodies, and exchange rates out of band.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSuperuser, createUser } from '../support/pocketbase';
import { getRecord } from './helpers';
import {
  ARTIST,
  checkout,
  createPrint,
  list,
  mailTo,
  post,
  runCron,
  type Shop,
  startRatesFeed,
  startShop,
  until,
  verify,
} from './shop-support';

let shop: Shop;
let rates: Awaited<ReturnType<typeof startRatesFeed>>;
let nextRates: unknown = { base: 'EUR', rates: { SEK: 11.02, USD: 1.05 } };

beforeAll(async () => {
  rates = await startRatesFeed(() => nextRates);
  shop = await startShop(rates.env);
});
afterAll(async () => {
  await shop?.stop();
  await rates?.stop();
});

/** Creates a Checkout Session straight at the stand-in (as anyone with a Stripe account could). */
async function foreignSession(params: Record<string, string>) {
  const res = await fetch(`${shop.stripe.url}/v1/checkout/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shop.stripe.apiKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      mode: 'payment',
      success_url: 'https://example.com/ok',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '100',
      'line_items[0][price_data][product_data][name]': 'Anything',
      'line_items[0][quantity]': '1',
      ...params,
    }).toString(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string };
}

describe('matching a payment to its order', () => {
  it('a session naming an order only in client_reference_id fulfils nothing', async () => {
    const print = await createPrint(shop.pb, { edition_size: 3 });
    const victim = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    const forged = await foreignSession({ client_reference_id: victim.json.orderId });
    const d = (await shop.stripe.pay(forged.id)) as { status: number };
    expect(d.status).toBe(200);
    expect((await getRecord(shop.pb, 'orders', victim.json.orderId)).status).toBe('pending');
    expect((await getRecord(shop.pb, 'prints', print.id)).sold).toBe(0);
  });

  it("a session whose metadata names another session's order fulfils nothing", async () => {
    const print = await createPrint(shop.pb, { edition_size: 3 });
    const victim = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    const forged = await foreignSession({
      'metadata[order_id]': victim.json.orderId,
      client_reference_id: victim.json.orderId,
    });
    await shop.stripe.pay(forged.id);
    expect((await getRecord(shop.pb, 'orders', victim.json.orderId)).status).toBe('pending');
    // the real one still works
    await shop.stripe.pay(victim.json.sessionId);
    expect((await getRecord(shop.pb, 'orders', victim.json.orderId)).status).toBe('paid');
  });

  it('a paid amount or currency other than the order is recorded, mailed to the artist, and nothing is fulfilled', async () => {
    await shop.mail.clear();
    const print = await createPrint(shop.pb, { title: 'Tampered', edition_size: 2 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { email: 'tamper@example.com' });
    shop.stripe.tamper(r.json.sessionId, { amount_total: 100 });
    await shop.stripe.pay(r.json.sessionId);
    const order = await getRecord(shop.pb, 'orders', r.json.orderId);
    expect(order.status).toBe('amount_mismatch');
    expect(order.problem).toMatch(/Stripe charged 100 EUR .* the order is 24000 EUR/);
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 0, available: 2 });
    expect((await list(shop.pb, 'stock_holds', `order_id='${r.json.orderId}'`))[0].status).toBe('released');
    await until(
      async () =>
        (await mailTo(shop, ARTIST)).some((m) => m.subject === `Check payment: order ${r.json.orderId.slice(0, 8)}`),
      'the artist mail',
    );
    expect(await mailTo(shop, 'tamper@example.com')).toHaveLength(0);
    // a currency swap is a mismatch too
    const usd = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    shop.stripe.tamper(usd.json.sessionId, { currency: 'usd' });
    await shop.stripe.pay(usd.json.sessionId);
    expect((await getRecord(shop.pb, 'orders', usd.json.orderId)).status).toBe('amount_mismatch');
  });
});

describe('a late payment for a copy that no longer exists', () => {
  it('a delayed payment that succeeds after its hold lapsed and the edition sold out is refunded, not sold', async () => {
    await shop.mail.clear();
    const print = await createPrint(shop.pb, { title: 'Late', edition_size: 1 });
    const late = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { email: 'late@example.com' });
    // a bank transfer: the session completes unpaid, the money arrives days later
    await shop.stripe.completeUnpaid(late.json.sessionId, { customerEmail: 'late@example.com' });
    expect((await getRecord(shop.pb, 'orders', late.json.orderId)).status).toBe('pending');
    // meanwhile the hold lapses and the sweep gives the copy back; someone else buys it
    const [hold] = await list(shop.pb, 'stock_holds', `order_id='${late.json.orderId}'`);
    await asSuperuser(shop.pb, `/api/collections/stock_holds/records/${hold.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ expires_at: '2020-01-01 00:00:00.000Z' }),
    });
    await runCron(
      shop.pb,
      'atelier_release_holds',
      async () => (await getRecord(shop.pb, 'orders', late.json.orderId)).status === 'expired',
    );
    // the sweep tells the stock gate after its transaction commits: the copy is on sale a moment
    // after the order reads expired
    let other = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    await until(async () => {
      if (other.status !== 200) other = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
      return other.status === 200;
    }, 'the copy given back to be on sale again');
    await shop.stripe.pay(other.json.sessionId);

    const d = await shop.stripe.asyncPayment(late.json.sessionId);
    expect(d.status).toBe(200);
    const order = await getRecord(shop.pb, 'orders', late.json.orderId);
    expect(order).toMatchObject({
      status: 'refunded',
      stripe_payment_intent: shop.stripe.session(late.json.sessionId)?.payment_intent,
    });
    expect(order.problem).toMatch(/paid after its hold lapsed/);
    expect(order.stripe_refund_id).toMatch(/^re_/);
    expect(shop.stripe.refunds.map((x) => x.payment_intent)).toContain(order.stripe_payment_intent);
    expect(shop.stripe.requests.find((q) => q.path === '/v1/refunds')?.headers['idempotency-key']).toBe(
      `refund-${late.json.orderId}`,
    );
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 1, available: 0 });
    await until(
      async () =>
        (await mailTo(shop, 'late@example.com')).length > 0 &&
        (await mailTo(shop, ARTIST)).some((m) => m.subject.startsWith('Refunded')),
      'the refund mails',
    );
    expect((await mailTo(shop, 'late@example.com')).map((m) => m.subject)).toEqual(['Your payment has been refunded']);
    // the same event again changes nothing and refunds nothing twice
    await shop.stripe.asyncPayment(late.json.sessionId);
    expect(shop.stripe.refunds.filter((x) => x.payment_intent === order.stripe_payment_intent)).toHaveLength(1);
    expect((await verify(shop.pb, late.json.sessionId)).json.order.payment_status).toBe('refunded');
  });

  it('a late payment still finds its copy when the edition has one left', async () => {
    const print = await createPrint(shop.pb, { edition_size: 2 });
    const late = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    await shop.stripe.completeUnpaid(late.json.sessionId);
    const [hold] = await list(shop.pb, 'stock_holds', `order_id='${late.json.orderId}'`);
    await asSuperuser(shop.pb, `/api/collections/stock_holds/records/${hold.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ expires_at: '2020-01-01 00:00:00.000Z' }),
    });
    await shop.stripe.asyncPayment(late.json.sessionId);
    expect((await getRecord(shop.pb, 'orders', late.json.orderId)).status).toBe('paid');
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 1, available: 1 });
  });

  it('a failed delayed payment releases the copy', async () => {
    const print = await createPrint(shop.pb, { edition_size: 1 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    await shop.stripe.completeUnpaid(r.json.sessionId);
    await shop.stripe.asyncPayment(r.json.sessionId, { succeeded: false });
    expect((await getRecord(shop.pb, 'orders', r.json.orderId)).status).toBe('failed');
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
  });
});

describe('one open course checkout per learner', () => {
  it('a second "Continue Course" reuses the open session; an enrolled learner cannot pay again', async () => {
    const c = await asSuperuser(shop.pb, '/api/collections/courses/records', {
      method: 'POST',
      body: JSON.stringify({
        slug: 'reuse-course',
        title: 'Reuse',
        price_cents: 13900,
        currency: 'usd',
        is_published: true,
        instructor_name: 'A',
      }),
    });
    expect(c.status).toBe(200);
    const user = await createUser(shop.pb, { email: 'twice@example.com' });
    const auth = { authorization: user.token };
    const creates = () =>
      shop.stripe.requests.filter((q) => q.method === 'POST' && q.path === '/v1/checkout/sessions').length;
    const before = creates();
    const [a, b] = await Promise.all([
      post(shop.pb, '/api/atelier/create-payment', { courseSlug: 'reuse-course' }, auth),
      post(shop.pb, '/api/atelier/create-payment', { courseSlug: 'reuse-course' }, auth),
    ]);
    const first = a.status === 200 ? a : b;
    expect(first.status).toBe(200);
    // two clicks at once: one session (the other is told it is being opened, or gets the same one)
    const second = await post(shop.pb, '/api/atelier/create-payment', { courseSlug: 'reuse-course' }, auth);
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({
      sessionId: first.json.sessionId,
      orderId: first.json.orderId,
      url: first.json.url,
    });
    expect(creates() - before).toBe(1);
    expect(await list(shop.pb, 'orders', `user_id='${user.id}' && kind='course'`)).toHaveLength(1);

    // the session expires: the next click opens a new one
    await shop.stripe.expire(first.json.sessionId);
    const third = await post(shop.pb, '/api/atelier/create-payment', { courseSlug: 'reuse-course' }, auth);
    expect(third.status).toBe(200);
    expect(third.json.sessionId).not.toBe(first.json.sessionId);
    await shop.stripe.pay(third.json.sessionId);
    expect(await list(shop.pb, 'course_enrollments', `user_id='${user.id}'`)).toHaveLength(1);
    const again = await post(shop.pb, '/api/atelier/create-payment', { courseSlug: 'reuse-course' }, auth);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('You are already enrolled in this course.');

    // a payment that still arrives for the expired first session is a second charge: refunded
    await shop.stripe.pay(first.json.sessionId);
    const dup = await getRecord(shop.pb, 'orders', first.json.orderId);
    expect(dup.status).toBe('refunded');
    expect(dup.problem).toMatch(/already enrolled/);
  });
});

describe('Stripe refusing, and oversized bodies', () => {
  it("a refused checkout answers 502 with Stripe's reason and leaves no hold behind", async () => {
    const print = await createPrint(shop.pb, { edition_size: 1 });
    shop.stripe.failNext({ status: 400, message: 'Invalid shipping country' });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(r.status).toBe(502);
    expect(r.json.message).toBe('The payment provider refused the checkout: Invalid shipping country.');
    const [order] = await list(shop.pb, 'orders', `items ~ '${print.id}'`);
    expect(order.status).toBe('failed');
    expect((await list(shop.pb, 'stock_holds', `order_id='${order.id}'`))[0].status).toBe('released');
    expect((await getRecord(shop.pb, 'prints', print.id)).available).toBe(1);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
  });

  it('checkout routes refuse bodies over 64 kB with 413, and non-JSON with a clear 400', async () => {
    const big = JSON.stringify({ items: [{ id: 'x', quantity: 1 }], currency: 'eur', padding: 'x'.repeat(70 * 1024) });
    for (const path of ['/api/atelier/create-payment', '/api/atelier/verify-payment', '/api/atelier/cancel-payment']) {
      expect((await post(shop.pb, path, big)).status, path).toBe(413);
    }
    const bad = await post(shop.pb, '/api/atelier/create-payment', 'not json');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('The request body must be a JSON object.');
  });
});

describe('exchange rates', () => {
  const rates = async () =>
    Object.fromEntries((await list(shop.pb, 'exchange_rates', "base='EUR'")).map((r) => [r.currency, r.rate]));
  const refresh = (check: () => Promise<boolean>) => runCron(shop.pb, 'atelier_exchange_rates', check);

  it('rates outside a 20% band of the last good value, or not positive numbers, are refused; the last good ones stay', async () => {
    nextRates = { base: 'EUR', rates: { SEK: 11.02, USD: 1.05 } };
    await refresh(async () => (await rates()).SEK === 11.02);
    expect(await rates()).toEqual({ SEK: 11.02, USD: 1.05 });
    for (const bad of [
      { SEK: 20, USD: 1.06 },
      { SEK: -1, USD: 1.06 },
      { SEK: 'abc', USD: 1.06 },
      { SEK: null, USD: 1.06 },
      { SEK: 0.5, USD: 1.06 },
    ]) {
      nextRates = { base: 'EUR', rates: bad };
      await refresh(async () => (await rates()).USD === 1.06);
      expect((await rates()).SEK, JSON.stringify(bad)).toBe(11.02);
      nextRates = { base: 'EUR', rates: { SEK: 11.02, USD: 1.05 } };
      await refresh(async () => (await rates()).USD === 1.05);
    }
    // a normal move is accepted; prices follow it
    nextRates = { base: 'EUR', rates: { SEK: 11.5, USD: 1.05 } };
    await refresh(async () => (await rates()).SEK === 11.5);
    const print = await createPrint(shop.pb, { price_cents: 24000 });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { currency: 'sek' })).status).toBe(200);
    expect(
      shop.stripe.requests.filter((q) => q.path === '/v1/checkout/sessions').at(-1)?.params.line_items[0].price_data
        .unit_amount,
    ).toBe('276000');
  });
});
