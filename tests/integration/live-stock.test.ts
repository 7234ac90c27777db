// The live edition count as a page receives it (pb_hooks/lib/shop/live-stock.js): PocketBase's
// realtime stream, subscribed as the app subscribes (src/lib/stock/live-stock.ts), while buyers
// take copies at the same moment. PocketBase sends each change from a goroutine of its own, so
// close changes can arrive out of order; every change carries a version one higher than the
// last, and a page that keeps the newest version ends on the true count (newerCounts).
// Real PocketBase and the Stripe stand-in.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newerCounts } from '../../src/lib/stock/live-stock';
import { getRecord } from './helpers';
import { cancel, checkout, createPrint, nextIp, type Shop, startShop } from './shop-support';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

interface Change {
  id: string;
  available: number;
  version: number;
}

/** A page's realtime stream subscribed to print_stock/* as the app is; resolves once subscribed. */
function openStream(base: string): Promise<{ changes: Change[]; close: () => void }> {
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
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ clientId: data.clientId, subscriptions: ['print_stock/*'] }),
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
  it('every change carries the next version; a page that keeps the newest ends on the true count, sold out included', async () => {
    const print = await createPrint(shop.pb, { edition_size: 12 });
    const start = await getRecord(shop.pb, 'print_stock', print.id);
    expect(start).toMatchObject({ available: 12 });
    const streams = await Promise.all(Array.from({ length: 20 }, () => openStream(shop.pb.url)));
    try {
      // 40 buyers at once for 12 copies (each from an address of its own: no cap applies)
      const results = await Promise.all(
        Array.from({ length: 40 }, () => checkout(shop.pb, [{ id: print.id, quantity: 1 }], { ip: nextIp() })),
      );
      const won = results.filter((r) => r.status === 200);
      expect(won).toHaveLength(12);
      // one buyer cancels: the copy comes back, and the count goes up by one
      expect((await cancel(shop.pb, won[0].json.sessionId)).status).toBe(200);
      const stock = await getRecord(shop.pb, 'print_stock', print.id);
      expect(stock.available).toBe(1);
      // 12 holds and 1 release: 13 changes, each one version higher, in commit order
      expect(stock.version).toBe(start.version + 13);
      const mine = (s: { changes: Change[] }) => s.changes.filter((c) => c.id === print.id);
      await until(() => streams.every((s) => mine(s).length === 13));
      for (const s of streams) {
        const got = mine(s);
        expect(got.map((c) => c.version).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 13 }, (_, i) => start.version + 1 + i),
        );
        // the sold-out change says 0; in whatever order they came, the page ends on the true count
        expect(got.find((c) => c.version === start.version + 12)?.available).toBe(0);
        expect(newerCounts(undefined, got)[print.id]).toEqual({ available: 1, version: stock.version });
      }
    } finally {
      for (const s of streams) s.close();
    }
  });
});
