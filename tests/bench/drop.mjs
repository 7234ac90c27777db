// Drop bench: 500 buyers hit create-payment at once for an edition of 50 against a real
// PocketBase and the Stripe stand-in (which validates every session with stripe-mock).
// Prints one row: how many got a checkout, how many were told it sold out, how many copies
// were oversold after every open checkout is paid (must be 0), and create-payment latency.
// Run alone with `node tests/bench/drop.mjs`, or through `npm run bench drop`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, prepareData, servePocketBase } from '../../scripts/lib/pb-run.mjs';
import { startStripeStandin } from '../../scripts/lib/stripe-standin.mjs';

const BUYERS = 500;
const EDITION = 50;
const SUPERUSER = { email: 'bench@atelier.test', password: 'bench-superuser-password' };

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export async function runDrop({ buyers = BUYERS, edition = EDITION } = {}) {
  const stripe = await startStripeStandin();
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-drop-'));
  const port = await freePort();
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DEMO_CONTENT: '0',
    ...stripe.env,
  };
  let server;
  try {
    prepareData({ dataDir, env, superuser: SUPERUSER });
    server = await servePocketBase({ dataDir, port, env });
    stripe.setWebhookUrl(`${server.url}/api/stripe/webhook`);
    const auth = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }),
    });
    const { token } = await auth.json();
    const su = { 'content-type': 'application/json', authorization: token };
    const created = await fetch(`${server.url}/api/collections/prints/records`, {
      method: 'POST',
      headers: su,
      body: JSON.stringify({
        slug: 'drop-bench',
        title: 'Drop Bench',
        currency: 'eur',
        price_cents: 24000,
        edition_size: edition,
        is_active: true,
        sort_order: 1,
      }),
    });
    const print = await created.json();
    if (!created.ok) throw new Error(`create print: ${JSON.stringify(print)}`);
    const warm = await fetch(`${server.url}/api/collections/prints/records`, {
      method: 'POST',
      headers: su,
      body: JSON.stringify({
        slug: 'drop-baseline',
        title: 'Baseline',
        currency: 'eur',
        price_cents: 24000,
        edition_size: 100,
        is_active: true,
        sort_order: 2,
      }),
    });
    const warmup = await warm.json();

    // Baseline: one buyer at a time (the same path, no contention).
    const single = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/atelier/create-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${i}` },
        body: JSON.stringify({ items: [{ id: warmup.id, quantity: 1 }], currency: 'eur' }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`baseline checkout answered ${res.status}`);
      single.push(performance.now() - t0);
    }
    single.sort((a, b) => a - b);

    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: buyers }, async (_, i) => {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/atelier/create-payment`, {
          method: 'POST',
          // every buyer its own address: the checkout route is rate-limited per client IP
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
          body: JSON.stringify({
            items: [{ id: print.id, quantity: 1 }],
            currency: 'eur',
            customerEmail: `buyer${i}@example.com`,
          }),
        });
        const body = await res.json().catch(() => ({}));
        return { status: res.status, ms: performance.now() - t0, sessionId: body.sessionId };
      }),
    );
    const wall = performance.now() - started;
    const ok = results.filter((r) => r.status === 200);
    const soldOut = results.filter((r) => r.status === 409).length;
    const other = results.length - ok.length - soldOut;

    // Every buyer who got a checkout pays: Stripe's webhooks arrive, fulfilment runs.
    for (const r of ok) await stripe.pay(r.sessionId);
    const after = await (
      await fetch(`${server.url}/api/collections/prints/records/${print.id}`, { headers: su })
    ).json();
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    return {
      buyers,
      edition,
      checkouts: ok.length,
      soldOut,
      errors: other,
      sold: after.sold,
      oversold: Math.max(0, after.sold - edition, ok.length - edition),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      singleP50: percentile(single, 50),
      wall,
    };
  } finally {
    await server?.stop();
    await stripe.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function dropRow(r) {
  return {
    scenario: `${r.buyers} buyers, edition of ${r.edition}`,
    checkouts: r.checkouts,
    'sold out': r.soldOut,
    errors: r.errors,
    'sold (paid)': r.sold,
    oversold: r.oversold,
    'create-payment p50 ms': r.p50.toFixed(1),
    'p95 ms': r.p95.toFixed(1),
    'all done s': (r.wall / 1000).toFixed(2),
    'one buyer alone p50 ms': r.singleP50.toFixed(1),
  };
}

export default async function drop({ table }) {
  console.log('## Print drop: concurrent create-payment against a local Stripe stand-in\n');
  const r = await runDrop();
  table([dropRow(r)]);
  if (r.oversold > 0) {
    console.error(`Drop oversold ${r.oversold} copies.`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const table = (rows) => {
    const cols = Object.keys(rows[0]);
    console.log(`| ${cols.join(' | ')} |`);
    console.log(`|${cols.map(() => '---').join('|')}|`);
    for (const row of rows) console.log(`| ${cols.map((c) => row[c]).join(' | ')} |`);
  };
  await drop({ table });
}
