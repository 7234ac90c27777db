// The drop bench's server-side probes (ATELIER_PROFILE=1): each answered checkout leaves one
// line of phase durations, handed over once by GET /api/atelier/profile (superuser). The lines
// are files of their own, not app-store keys: a store write per answer made every profiled drop
// queue on the store's one lock (README, "Print drops"). And the bench's no-op route
// (ATELIER_BENCH=1, `--bounds`), absent otherwise.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPocketBase } from '../support/pocketbase';
import { api } from './helpers';
import { checkout, createPrint, type Shop, startShop } from './shop-support';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ ATELIER_PROFILE: '1' });
});
afterAll(async () => {
  await shop?.stop();
});

type Line = { outcome: number; phases: Record<string, number>; firstOnVm: boolean };

it('hands over one line per answered checkout, as a file of its own, once, with its outcome and phases', async () => {
  const print = await createPrint(shop.pb, { title: 'Profiled', edition_size: 1 });
  const answers = [];
  for (let i = 0; i < 3; i++) {
    answers.push((await checkout(shop.pb, [{ id: print.id, quantity: 1 }])).status);
  }
  expect(answers).toEqual([200, 409, 409]);
  // a file per answer, under the data dir
  const dir = join(shop.pb.dataDir, 'profile');
  expect(readdirSync(dir)).toHaveLength(3);

  const first = await api<Line[]>(shop.pb, 'GET', '/api/atelier/profile', shop.pb.superuser.token);
  expect(first.status).toBe(200);
  const lines = first.body;
  expect(lines.map((l) => l.outcome).sort()).toEqual([200, 409, 409]);
  for (const l of lines) {
    expect(l.phases.handler).toBeGreaterThanOrEqual(0);
    expect(l.phases.parse).toBeGreaterThanOrEqual(0);
    expect(typeof l.firstOnVm).toBe('boolean');
  }
  expect(lines.find((l) => l.outcome === 200)?.phases).toHaveProperty('txWait');
  // handed over once: the files are gone
  expect((await api<Line[]>(shop.pb, 'GET', '/api/atelier/profile', shop.pb.superuser.token)).body).toEqual([]);
  expect(readdirSync(dir)).toEqual([]);
  // and only a superuser gets them
  expect((await api(shop.pb, 'GET', '/api/atelier/profile', null)).status).toBe(401);
});

it("the bench's no-op route answers as a sold-out checkout only on a server started with ATELIER_BENCH=1", async () => {
  // this server runs with ATELIER_PROFILE only: no such route
  expect((await api(shop.pb, 'POST', '/api/atelier/bench-noop', null, { items: [] })).status).toBe(404);
  const bench = await startPocketBase({ env: { ATELIER_BENCH: '1' } });
  try {
    const r = await api<{ status: number; message: string; data: Record<string, { code: string }> }>(
      bench,
      'POST',
      '/api/atelier/bench-noop',
      null,
      { items: [{ id: 'x', quantity: 1 }] },
    );
    expect(r.status).toBe(409);
    // the shape of PocketBase's errors, as the shop's sold-out answer
    expect(r.body.status).toBe(409);
    expect(r.body.data.items.code).toBe('sold_out');
  } finally {
    await bench.stop();
  }
});
