// A small drop: 200 buyers at once for an edition of 20, each from its own loopback address
// (so the per-IP rate limits and caps apply to every one of them). Correctness only: every
// copy sold once, none oversold, no server error. Timings are the drop bench's business.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getRecord } from './helpers';
import { createPrint, list, postFrom, type Shop, startShop } from './shop-support';

const BUYERS = 200;
const EDITION = 20;
let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

it(`${BUYERS} buyers at once for an edition of ${EDITION}: exactly ${EDITION} checkouts, all paid, nothing oversold, no 5xx`, async () => {
  const print = await createPrint(shop.pb, { title: 'Drop', edition_size: EDITION });
  const url = `${shop.pb.url}/api/atelier/create-payment`;
  const results = await Promise.all(
    Array.from({ length: BUYERS }, (_, i) =>
      postFrom(
        url,
        { items: [{ id: print.id, quantity: 1 }], currency: 'eur', customerEmail: `drop${i}@example.com` },
        // each buyer its own network: the shop caps the copies a /24 may hold
        `127.3.${i}.1`,
      ),
    ),
  );
  const byStatus: Record<number, number> = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  expect(byStatus).toEqual({ 200: EDITION, 409: BUYERS - EDITION });
  for (const r of results.filter((x) => x.status === 409)) expect(r.json.message).toBe('"Drop" is sold out.');

  const winners = results.filter((r) => r.status === 200);
  for (const w of winners) expect(((await shop.stripe.pay(w.json.sessionId)) as { status: number }).status).toBe(200);
  expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: EDITION, available: 0 });
  const numbers = (await list(shop.pb, 'stock_holds', `print_id='${print.id}'`)).flatMap((h) => {
    expect(h.status).toBe('consumed');
    return h.edition_numbers as number[];
  });
  expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: EDITION }, (_, i) => i + 1));
  expect((await list(shop.pb, 'orders', `items ~ '${print.id}'`)).map((o) => o.status)).toEqual(
    Array(EDITION).fill('paid'),
  );
});
