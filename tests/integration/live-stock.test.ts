// The live edition count as a page receives it (pb_hooks/lib/shop/live-stock.js): PocketBase's
// realtime stream, subscribed as the app subscribes (src/lib/stock/live-stock.ts), while buyers
// take copies at the same moment. PocketBase sends each change from a goroutine of its own, so
// close changes can arrive out of order; every change carries a version one higher than the
// last, and a page that keeps the newest version ends on the true count (newerCounts).
// Real PocketBase and the Stripe stand-in.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newerCounts } from '../../src/lib/stock/live-stock';
import { makeSeams, type Seams } from '../support/test-seam';
import { getRecord } from './helpers';
import { cancel, checkout, createPrint, list, nextIp, type Shop, startShop } from './shop-support';

let shop: Shop;
let seams: Seams;

beforeAll(async () => {
  seams = makeSeams();
  shop = await startShop(seams.env);
});
afterAll(async () => {
  await shop?.stop();
  seams?.remove();
});

interface Change {
  collectionName?: string;
  id: string;
  available: number;
  version: number;
}

/**
 * A page's realtime stream subscribed to print_stock/* as the app is (or to `topics`, as `token`'s
 * holder); resolves once subscribed.
 */
function openStream(
  base: string,
  topics = ['print_stock/*'],
  token = '',
): Promise<{ changes: Change[]; close: () => void }> {
  const { hostname, port } = new URL(base);
  const changes: Change[] = [];
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: '/api/realtime', headers: { accept: 'text/event-stream' } });
    req.on('error', reject);
    req.on('response', (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event:(.*)$/m.exec(block)?.[1];
          const data = JSON.parse(/^data:(.*)$/m.exec(block)?.[1] ?? '{}');
          if (event === 'PB_CONNECT') {
            fetch(`${base}/api/realtime`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
              body: JSON.stringify({ clientId: data.clientId, subscriptions: topics }),
            }).then(
              (r) =>
                r.status === 204 ? resolve({ changes, close: () => res.destroy() }) : reject(new Error(`${r.status}`)),
              reject,
            );
          } else if (event) {
            changes.push(data.record);
          }
        }
      });
    });
    req.end();
  });
}

const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
};

describe('the live count on the realtime stream', () => {
  it('every page ends on the true count, sold out included, whatever order the changes arrive in; every save is one version higher', async () => {
    const print = await createPrint(shop.pb, { edition_size: 12 });
    const start = await getRecord(shop.pb, 'print_stock', print.id);
    expect(start).toMatchObject({ available: 12 });
    const streams = await Promise.all(Array.from({ length: 20 }, () => openStream(shop.pb.url)));
    const mine = (s: { changes: Change[] }) => s.changes.filter((c) => c.id === print.id);
    const shown = (s: { changes: Change[] }) => newerCounts(undefined, mine(s))[print.id];
    try {
      // 40 buyers at once for 12 copies (each from an address of its own: no cap applies)
      const results = await Promise.all(
        Array.from({ length: 40 }, () => checkout(shop.pb, [{ id: print.id, quantity: 1 }], { ip: nextIp() })),
      );
      const won = results.filter((r) => r.status === 200);
      expect(won).toHaveLength(12);
      // every page is told it is sold out (the sender of a change sends the newest after it)
      await until(() => streams.every((s) => shown(s)?.available === 0));
      const soldOut = await getRecord(shop.pb, 'print_stock', print.id);
      expect(soldOut.available).toBe(0);
      // 12 holds: at most 12 saves (changes that came while one was being sent went out together),
      // each one version higher, and every page got each of them
      const saves = soldOut.version - start.version;
      expect(saves).toBeGreaterThanOrEqual(1);
      expect(saves).toBeLessThanOrEqual(12);
      for (const s of streams) {
        expect(shown(s)).toEqual({ available: 0, version: soldOut.version });
        expect(
          mine(s)
            .map((c) => c.version)
            .sort((a, b) => a - b),
        ).toEqual(Array.from({ length: saves }, (_, i) => start.version + 1 + i));
        // the counts only fall: no message says more than an older one
        const byVersion = [...mine(s)].sort((a, b) => a.version - b.version);
        expect(byVersion.every((c, i) => i === 0 || c.available < byVersion[i - 1].available)).toBe(true);
      }
      // one buyer cancels: the copy comes back, and every page shows one again
      expect((await cancel(shop.pb, won[0].json.sessionId)).status).toBe(200);
      await until(() => streams.every((s) => shown(s)?.available === 1));
      const after = await getRecord(shop.pb, 'print_stock', print.id);
      expect(after).toMatchObject({ available: 1, version: soldOut.version + 1 });
      for (const s of streams) expect(shown(s)).toEqual({ available: 1, version: after.version });
    } finally {
      for (const s of streams) s.close();
    }
  });
  it('a change that commits while the last one is being sent is not sent on its own: the sender sends the newest after', async () => {
    const print = await createPrint(shop.pb, { edition_size: 3 });
    const start = await getRecord(shop.pb, 'print_stock', print.id);
    const streams = await Promise.all(Array.from({ length: 5 }, () => openStream(shop.pb.url)));
    const mine = (s: { changes: Change[] }) => s.changes.filter((c) => c.id === print.id);
    const shown = (s: { changes: Change[] }) => newerCounts(undefined, mine(s))[print.id];
    try {
      const first = await seams.holdDuring(
        'live-count-release',
        // the first buyer's count (2 left) is saved and sent; its sender is held before it lets go
        () => checkout(shop.pb, [{ id: print.id, quantity: 1 }], { ip: nextIp() }),
        async () => {
          await until(() => streams.every((s) => shown(s)?.available === 2));
          // meanwhile a second buyer takes a copy: it is held in the database, not sent on its own
          const second = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { ip: nextIp() });
          expect(second.status).toBe(200);
          expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ available: 1 });
          expect(await getRecord(shop.pb, 'print_stock', print.id)).toMatchObject({
            available: 2,
            version: start.version + 1,
          });
          await new Promise((r) => setTimeout(r, 300));
          for (const s of streams) expect(shown(s)?.available).toBe(2);
        },
      );
      expect(first.status).toBe(200);
      // let go, the sender sends the count as it is now: one more message, the newest
      await until(() => streams.every((s) => shown(s)?.available === 1));
      expect(await getRecord(shop.pb, 'print_stock', print.id)).toMatchObject({
        available: 1,
        version: start.version + 2,
      });
      for (const s of streams)
        expect(mine(s).map((c) => [c.available, c.version])).toEqual([
          [2, start.version + 1],
          [1, start.version + 2],
        ]);
    } finally {
      for (const s of streams) s.close();
    }
  });
  it('a transaction that rolls back after its count was saved does not hold the next change back', async () => {
    const print = await createPrint(shop.pb, { edition_size: 3 });
    const start = await getRecord(shop.pb, 'print_stock', print.id);
    const streams = await Promise.all(Array.from({ length: 3 }, () => openStream(shop.pb.url)));
    const shown = (s: { changes: Change[] }) =>
      newerCounts(
        undefined,
        s.changes.filter((c) => c.id === print.id),
      )[print.id];
    try {
      // the first checkout fails after its count was saved: nothing was held, nothing is sent
      seams.failNext('after-live-count');
      const failed = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { ip: nextIp() });
      expect(failed.status, JSON.stringify(failed.json)).toBeGreaterThanOrEqual(400);
      expect(await getRecord(shop.pb, 'print_stock', print.id)).toMatchObject({
        available: 3,
        version: start.version,
      });
      // the next buyer's copy is sent at once (its change is not marked as waiting for a send
      // that was rolled back: that would leave it unsent for 5 s, or a minute)
      const t0 = Date.now();
      expect((await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { ip: nextIp() })).status).toBe(200);
      await until(() => streams.every((s) => shown(s)?.available === 2), 4000);
      expect(Date.now() - t0).toBeLessThan(4000);
      for (const s of streams) expect(shown(s)).toEqual({ available: 2, version: start.version + 1 });
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("a checkout's pending order and holds are written without a realtime broadcast, and read back whole", async () => {
    const print = await createPrint(shop.pb, { edition_size: 3, price_cents: 24000 });
    // the artist's admin session, subscribed to everything a checkout writes
    const admin = await openStream(
      shop.pb.url,
      ['orders/*', 'stock_holds/*', 'print_stock/*'],
      shop.pb.superuser.token,
    );
    try {
      const res = await checkout(shop.pb, [{ id: print.id, quantity: 2 }], {
        ip: nextIp(),
        email: 'reader@example.com',
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      await until(() => admin.changes.some((c) => c.id === print.id && c.available === 1));
      await new Promise((r) => setTimeout(r, 300));
      // the live count went out; the order and its holds did not (no page follows them)
      expect(admin.changes.map((c) => c.collectionName)).toEqual(['print_stock']);
      const order = await getRecord(shop.pb, 'orders', res.json.orderId);
      expect(order).toMatchObject({
        kind: 'print',
        status: 'pending',
        currency: 'eur',
        email: 'reader@example.com',
        amount_total: 48000,
        stripe_session_id: res.json.sessionId,
        items: [{ type: 'print', id: print.id, quantity: 2, unit_amount: 24000, currency: 'eur' }],
      });
      expect(order.id).toMatch(/^[a-z0-9]{15}$/);
      expect(order.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(order.updated).toBe(order.created);
      const holds = await list(shop.pb, 'stock_holds', `order_id='${order.id}'`);
      expect(holds).toHaveLength(1);
      expect(holds[0]).toMatchObject({ print_id: print.id, quantity: 2, status: 'open' });
      expect(Date.parse(holds[0].expires_at.replace(' ', 'T'))).toBeGreaterThan(Date.now() + 25 * 60_000);
    } finally {
      admin.close();
    }
  });
});
