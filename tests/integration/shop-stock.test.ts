// Stock that nothing can rewind or hoard: server-owned counters against admin saves, the
// edition-size floor, caps per order and per visitor, cancel releasing at once, and the
// stock gate following the database (edits, lapsed holds, restarts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startPocketBase } from '../support/pocketbase';
import { startStripeStandin } from '../support/stripe-standin';
import { api, getRecord } from './helpers';
import {
  cancel,
  checkout,
  createPrint,
  list,
  nextEmail,
  nextIp,
  patchRecord,
  post,
  runCron,
  type Shop,
  startShop,
} from './shop-support';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

describe('server-owned counters', () => {
  it('a full-record admin save after a sale keeps the sale: the edition stays sold out and numbers do not repeat', async () => {
    const print = await createPrint(shop.pb, { title: 'Single Copy', edition_size: 1 });
    // the artist opens the print in the admin UI before the sale: sold 0, available 1
    const loaded = await getRecord(shop.pb, 'prints', print.id);
    expect(loaded).toMatchObject({ sold: 0, available: 1 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(r.status).toBe(200);
    await shop.stripe.pay(r.json.sessionId);
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 1, available: 0 });

    // ...and saves the whole form to fix a typo: every field it loaded goes back
    const { collectionId, collectionName, created, updated, ...form } = loaded;
    const saved = await patchRecord(shop.pb, 'prints', print.id, { ...form, title: 'Single Copy (fixed)' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ title: 'Single Copy (fixed)', sold: 1, available: 0 });
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 1, available: 0 });
    const again = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('"Single Copy (fixed)" is sold out.');
  });

  it('sold and available cannot be written through the records API', async () => {
    const print = await createPrint(shop.pb, { edition_size: 5 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 2 }]);
    await shop.stripe.pay(r.json.sessionId);
    const res = await patchRecord(shop.pb, 'prints', print.id, { sold: 0, available: 5 });
    expect(res.status).toBe(200);
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 2, available: 3 });
  });

  it('refuses an edition smaller than the copies sold and held, with a field error the admin UI shows', async () => {
    const print = await createPrint(shop.pb, { edition_size: 5 });
    const paid = await checkout(shop.pb, [{ id: print.id, quantity: 2 }]);
    await shop.stripe.pay(paid.json.sessionId);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200); // held
    const res = await patchRecord(shop.pb, 'prints', print.id, { edition_size: 2 });
    expect(res.status).toBe(400);
    expect(res.json.data.edition_size).toEqual({
      code: 'edition_below_sold',
      message: 'The edition cannot be smaller than 3: 2 sold and 1 held in open checkouts.',
    });
    expect((await getRecord(shop.pb, 'prints', print.id)).edition_size).toBe(5);
    const ok = await patchRecord(shop.pb, 'prints', print.id, { edition_size: 3 });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ edition_size: 3, sold: 2, available: 0 });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(409);
  });

  it('a larger edition or a re-activated print sells at once (the stock gate reloads on save)', async () => {
    const print = await createPrint(shop.pb, { title: 'Growing', edition_size: 1 });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(409);
    await patchRecord(shop.pb, 'prints', print.id, { edition_size: 2 });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
    await patchRecord(shop.pb, 'prints', print.id, { edition_size: 3, is_active: false });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(404);
    await patchRecord(shop.pb, 'prints', print.id, { is_active: true });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
  });

  it('copies sold before listing can be entered when the print is created, not above the edition', async () => {
    const print = await createPrint(shop.pb, { edition_size: 10, sold: 4, available: 10 });
    expect(print).toMatchObject({ sold: 4, available: 6 });
    await expect(createPrint(shop.pb, { edition_size: 3, sold: 4 })).rejects.toThrow(/sold_above_edition/);
  });
});

describe('cancel releases at once', () => {
  it('the cancel URL carries the session id; cancel-payment expires the Stripe session and frees the copy, idempotently', async () => {
    const print = await createPrint(shop.pb, { title: 'Last One', edition_size: 1 });
    const first = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(first.status).toBe(200);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(409);
    const cancelUrl = String(shop.stripe.session(first.json.sessionId)?.cancel_url);
    expect(cancelUrl).toBe(`${shop.pb.url}/payment-canceled?session_id={CHECKOUT_SESSION_ID}`);

    const res = await cancel(shop.pb, first.json.sessionId);
    expect(res.status).toBe(200);
    expect(res.json.order).toMatchObject({ id: first.json.orderId, status: 'canceled', payment_status: 'canceled' });
    expect(shop.stripe.session(first.json.sessionId)?.status).toBe('expired');
    expect(
      shop.stripe.requests.some(
        (q) => q.method === 'POST' && q.path === `/v1/checkout/sessions/${first.json.sessionId}/expire`,
      ),
    ).toBe(true);
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ available: 1 });
    const next = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(next.status).toBe(200);

    // again (a reload of /payment-canceled), and Stripe's own expired event: nothing changes
    await shop.stripe.idle();
    const twice = await cancel(shop.pb, first.json.sessionId);
    expect(twice.status).toBe(200);
    expect(twice.json.order.status).toBe('canceled');
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ available: 0 });
    expect((await list(shop.pb, 'stock_holds', `order_id='${next.json.orderId}'`))[0].status).toBe('open');
  });

  it('canceling a checkout that was paid meanwhile fulfils it instead', async () => {
    const print = await createPrint(shop.pb, { edition_size: 2 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    await shop.stripe.pay(r.json.sessionId, { deliver: false });
    const res = await cancel(shop.pb, r.json.sessionId);
    expect(res.status).toBe(200);
    expect(res.json.order.status).toBe('paid');
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 1, available: 1 });
  });

  it('unknown sessions are 404; when Stripe cannot be reached the copy stays held (its expiry is the safety net)', async () => {
    expect((await cancel(shop.pb, 'cs_test_nosuchsession')).status).toBe(404);
    expect((await cancel(shop.pb, 'not-a-session')).status).toBe(404);
    const print = await createPrint(shop.pb, { edition_size: 1 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    shop.stripe.failNext({ status: 500, message: 'Stripe is down' }, { status: 500, message: 'Stripe is down' });
    const res = await cancel(shop.pb, r.json.sessionId);
    expect(res.status).toBe(502);
    expect(res.json.message).toMatch(/could not be reached/);
    expect((await getRecord(shop.pb, 'orders', r.json.orderId)).status).toBe('pending');
    expect((await cancel(shop.pb, r.json.sessionId)).json.order.status).toBe('canceled');
  });
});

describe('caps against hoarding', () => {
  it('at most 2 copies of a print per order', async () => {
    const print = await createPrint(shop.pb, { edition_size: 50 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 3 }]);
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('At most 2 copies of each print per order: the editions are limited.');
    // the same print on two lines counts together
    expect(
      (
        await checkout(shop.pb, [
          { id: print.id, quantity: 2 },
          { id: `print-${print.id}`, quantity: 1 },
        ])
      ).status,
    ).toBe(400);
  });

  it('one email holds at most 2 copies of a print in open checkouts; completing or canceling frees the allowance', async () => {
    const print = await createPrint(shop.pb, { title: 'Popular', edition_size: 50 });
    const email = nextEmail('hoarder');
    const first = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { email });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { email })).status).toBe(200);
    const third = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { email: email.toUpperCase() });
    expect(third.status).toBe(429);
    expect(third.json.message).toBe(
      'You already hold 2 copies of "Popular" in an open checkout. Complete or cancel it first.',
    );
    await cancel(shop.pb, first.json.sessionId);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { email })).status).toBe(200);
    // another print is not affected
    const other = await createPrint(shop.pb, { edition_size: 5 });
    expect((await checkout(shop.pb, [{ id: other.id, quantity: 2 }], { email })).status).toBe(200);
  });

  it('the address is kept on the order for the cap, hidden from the buyer who reads the order', async () => {
    const print = await createPrint(shop.pb, { edition_size: 5 });
    const user = await createUser(shop.pb, { email: 'reader@example.com' });
    const r = await post(
      shop.pb,
      '/api/atelier/create-payment',
      { items: [{ id: print.id, quantity: 1 }], currency: 'eur' },
      { authorization: user.token },
      '10.77.0.1',
    );
    expect(r.status).toBe(200);
    const own = await fetch(`${shop.pb.url}/api/collections/orders/records/${r.json.orderId}`, {
      headers: { authorization: user.token },
    });
    expect(own.status).toBe(200);
    const body = (await own.json()) as Record<string, unknown>;
    expect(body.email).toBe('reader@example.com');
    expect(body).not.toHaveProperty('client_ip');
    expect((await getRecord(shop.pb, 'orders', r.json.orderId)).client_ip).toBe('10.77.0.1');
  });

  it('one address holds at most 4 copies of a print in open checkouts, whatever the emails', async () => {
    const print = await createPrint(shop.pb, { title: 'Crowded', edition_size: 50 });
    const ip = nextIp();
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 2 }], { ip })).status).toBe(200);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 2 }], { ip })).status).toBe(200);
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { ip });
    expect(r.status).toBe(429);
    expect(r.json.message).toBe(
      'Too many copies of "Crowded" are held in open checkouts from your network. Complete or cancel one first.',
    );
    expect(r.json.data.items.code).toBe('max_held');
    // the refused buyer's claim went back: the copies are still there for others
    expect((await getRecord(shop.pb, 'prints', print.id)).available).toBe(46);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
  });
});

describe('holding a copy needs an email, and one network holds at most 4', () => {
  it('a checkout without an email holds nothing: 400 naming the field, the copies stay for sale', async () => {
    const print = await createPrint(shop.pb, { title: 'Anonymous', edition_size: 3 });
    for (const customerEmail of [undefined, null, '']) {
      const r = await post(shop.pb, '/api/atelier/create-payment', {
        items: [{ id: print.id, quantity: 2 }],
        currency: 'eur',
        customerEmail,
      });
      expect(r.status, JSON.stringify(r.json)).toBe(400);
      expect(r.json.message).toBe(
        'Please enter your email address: the copies are held for you under it while you pay.',
      );
      expect(r.json.data.customerEmail.code).toBe('validation_required');
    }
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ available: 3 });
    expect(await list(shop.pb, 'orders', `items ~ "${print.id}"`)).toEqual([]);
    // a signed-in buyer's account email counts as given
    const user = await createUser(shop.pb, { email: 'signed-in-buyer@example.com' });
    const signedIn = await post(
      shop.pb,
      '/api/atelier/create-payment',
      { items: [{ id: print.id, quantity: 1 }], currency: 'eur' },
      { authorization: user.token },
    );
    expect(signedIn.status).toBe(200);
  });

  it('an IPv4 network (/24) holds at most 4 copies of a print, whatever the addresses and emails in it', async () => {
    const print = await createPrint(shop.pb, { title: 'Subnet', edition_size: 50 });
    const buy = (ip: string, quantity = 2) => checkout(shop.pb, [{ id: print.id, quantity }], { ip });
    expect((await buy('10.123.45.1')).status).toBe(200);
    expect((await buy('10.123.45.2')).status).toBe(200);
    const r = await buy('10.123.45.250', 1);
    expect(r.status).toBe(429);
    expect(r.json.data.items.code).toBe('max_held');
    // the next network is another visitor
    expect((await buy('10.123.46.1')).status).toBe(200);
  });

  it('an IPv6 network (/64) holds at most 4 copies of a print, however its addresses are written', async () => {
    const print = await createPrint(shop.pb, { title: 'Prefix', edition_size: 50 });
    const buy = (ip: string, quantity = 2) => checkout(shop.pb, [{ id: print.id, quantity }], { ip });
    expect((await buy('2001:db8:77:1::1')).status).toBe(200);
    expect((await buy('2001:0db8:0077:0001:ffff:ffff:ffff:fffe')).status).toBe(200);
    const r = await buy('2001:db8:77:1:a::b', 1);
    expect(r.status).toBe(429);
    expect(r.json.data.items.code).toBe('max_held');
    expect((await buy('2001:db8:77:2::1')).status).toBe(200);
    // the order keeps its network, written one way
    const orders = await list(shop.pb, 'orders', `items ~ "${print.id}"`);
    expect(orders.map((o) => o.client_network)).toEqual([
      '2001:db8:77:1::/64',
      '2001:db8:77:1::/64',
      '2001:db8:77:2::/64',
    ]);
  });
});

describe('the stock gate follows the database', () => {
  it('a lapsed hold frees its copy without waiting for the sweep', async () => {
    const print = await createPrint(shop.pb, { title: 'Lapsing', edition_size: 1 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(409);
    const [hold] = await list(shop.pb, 'stock_holds', `order_id='${r.json.orderId}'`);
    const soon = new Date(Date.now() + 1500).toISOString().replace('T', ' ');
    await patchRecord(shop.pb, 'stock_holds', hold.id, { expires_at: soon });
    // a save of the print reloads the gate, which now expires with that hold
    await patchRecord(shop.pb, 'prints', print.id, { description: 'edited' });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(409);
    await new Promise((res) => setTimeout(res, 2000));
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
  });

  it('the sweep of abandoned checkouts makes their copies buyable at once', async () => {
    const print = await createPrint(shop.pb, { edition_size: 2 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 2 }]);
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(409);
    const [hold] = await list(shop.pb, 'stock_holds', `order_id='${r.json.orderId}'`);
    await patchRecord(shop.pb, 'stock_holds', hold.id, { expires_at: '2020-01-01 00:00:00.000Z' });
    await runCron(
      shop.pb,
      'atelier_release_holds',
      async () => (await getRecord(shop.pb, 'orders', r.json.orderId)).status !== 'pending',
    );
    expect((await getRecord(shop.pb, 'orders', r.json.orderId)).status).toBe('expired');
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 2 }])).status).toBe(200);
  });

  it('after a restart the gate starts from the database: held copies stay held, the rest sell', async () => {
    const stripe = await startStripeStandin();
    const server = await startPocketBase({ env: stripe.env }).catch(async (err) => {
      await stripe.stop();
      throw err;
    });
    try {
      const print = await server.admin<{ id: string }>('POST', '/api/collections/prints/records', {
        slug: 'restart',
        title: 'Restart',
        currency: 'eur',
        price_cents: 10000,
        edition_size: 3,
        is_active: true,
      });
      const buy = (ip: string) =>
        fetch(`${server.url}/api/atelier/create-payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({
            items: [{ id: print.id, quantity: 2 }],
            currency: 'eur',
            customerEmail: `${ip}@example.com`,
          }),
        }).then((r) => r.status);
      expect(await buy('10.200.0.1')).toBe(200);
      await server.restart();
      expect(await buy('10.200.0.2')).toBe(409);
      const one = await fetch(`${server.url}/api/atelier/create-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.200.0.3' },
        body: JSON.stringify({
          items: [{ id: print.id, quantity: 1 }],
          currency: 'eur',
          customerEmail: 'one@example.com',
        }),
      });
      expect(one.status).toBe(200);
    } finally {
      await server.stop();
      await stripe.stop();
    }
  });
});

describe("a drop's sold-out answers", () => {
  it('come in the shape of PocketBase errors, and are not written to the request log (a bad request is)', async () => {
    const print = await createPrint(shop.pb, { title: 'Logged Once', edition_size: 1 });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
    const soldOut = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(soldOut).toEqual({
      status: 409,
      json: {
        status: 409,
        message: '"Logged Once" is sold out.',
        data: { items: { code: 'sold_out', message: '"Logged Once" is sold out.' } },
      },
    });
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { currency: 'gbp' })).status).toBe(400);
    // the logger writes its batch after a few seconds of quiet
    const logged = async (status: number) =>
      (
        await api<{ totalItems: number }>(
          shop.pb,
          'GET',
          `/api/logs?perPage=1&filter=${encodeURIComponent(`data.url ~ 'create-payment' && data.status = ${status}`)}`,
          shop.pb.superuser.token,
        )
      ).body.totalItems;
    const until = Date.now() + 15_000;
    while ((await logged(400)) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
    expect(await logged(400)).toBeGreaterThan(0);
    expect(await logged(409)).toBe(0);
  });
});
