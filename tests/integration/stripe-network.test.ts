// A checkout whose call to Stripe gets no answer at all (the connection refused, reset or cut: the
// network, not Stripe). The hook makes the call once more, with the same idempotency key, so a
// call that never reached Stripe is made, and one whose answer was lost gets Stripe's first answer
// again: one session either way. When the second attempt fails too the buyer gets a clear 502
// and the copy is released at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRecord } from './helpers';
import { checkout, createPrint, list, type Shop, startShop, until } from './shop-support';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

const sessionsOf = (orderId: string) =>
  [...shop.stripe.sessions.values()].filter((s) => s.client_reference_id === orderId);
const creates = () => shop.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('a network failure on the way to Stripe', () => {
  it('a call cut before Stripe saw it is made again: the buyer gets the checkout, one session, the copy held', async () => {
    const print = await createPrint(shop.pb, { edition_size: 3 });
    const before = creates().length;
    shop.stripe.cutNext({});
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.url).toContain(r.json.sessionId);
    expect(sessionsOf(r.json.orderId).map((s) => s.id)).toEqual([r.json.sessionId]);
    expect(creates().length - before).toBe(1);
    expect(await getRecord(shop.pb, 'orders', r.json.orderId)).toMatchObject({
      status: 'pending',
      stripe_session_id: r.json.sessionId,
    });
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ available: 2 });
    expect(shop.stripe.clearFailures()).toBe(0);
  });

  it('a call whose answer was lost is made again with its idempotency key: Stripe replays the same session', async () => {
    const print = await createPrint(shop.pb, { edition_size: 3 });
    const seenBefore = shop.stripe.requests.length;
    shop.stripe.cutNext({ after: true });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    // on failure, what reached the stand-in meanwhile and whether the cut was used (one CI run
    // saw this answer 502 once; not reproduced since)
    const reached = shop.stripe.requests.slice(seenBefore).map((q) => `${q.method} ${q.path}`);
    expect(
      r.status,
      JSON.stringify({ answer: r.json, reached, cutLeft: r.status !== 200 && shop.stripe.clearFailures() }),
    ).toBe(200);
    const sessions = sessionsOf(r.json.orderId);
    expect(sessions.map((s) => s.id)).toEqual([r.json.sessionId]);
    const keys = creates()
      .filter((q) => q.params.client_reference_id === r.json.orderId)
      .map((q) => q.headers['idempotency-key']);
    // Stripe handled it once; the repeat was answered from the key
    expect(keys).toEqual([`create-${r.json.orderId}`]);
    expect(await getRecord(shop.pb, 'orders', r.json.orderId)).toMatchObject({ stripe_session_id: r.json.sessionId });
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ available: 2 });
  });

  it('a call leaves no connection open to be cut before the next one is sent', async () => {
    // A kept-alive connection the stand-in closed (arming a cut, its idle timeout) could be picked
    // for the next call just before PocketBase's client notices: Go does not repeat a POST whose
    // body write then fails, so that call failed with no cut used (seen in CI under load).
    const print = await createPrint(shop.pb, { edition_size: 3 });
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    await until(async () => (await shop.stripe.openConnections()) === 0, 'the connection to the stand-in closed', 1000);
  });

  it('when the repeat fails too: a clear 502, the order failed, the copy for sale again at once', async () => {
    const print = await createPrint(shop.pb, { edition_size: 1 });
    shop.stripe.cutNext({}, {});
    const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }]);
    expect(r.status).toBe(502);
    expect(r.json.message).toBe('The payment provider could not be reached. Please try again.');
    expect(shop.stripe.clearFailures()).toBe(0);
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ available: 1 });
    const [order] = await list(shop.pb, 'orders', `items ~ '${print.id}'`);
    expect(order.status).toBe('failed');
    expect((await list(shop.pb, 'stock_holds', `order_id='${order.id}'`)).map((h) => h.status)).not.toContain('open');
    // the next buyer gets the copy
    expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status).toBe(200);
  });
});
