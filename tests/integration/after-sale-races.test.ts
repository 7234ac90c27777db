// The after-sale writers never rewind what landed meanwhile: a certificate's PDF (stored after
// the renderer's slow work) and a refund (applied after Stripe's call or event) are each held at
// their write (pb_hooks/lib/setup/test-seam.js) while another buyer's payment and the artist's
// edit of the order land, then let go. Needs the build (dist-ssr/: the renderer draws the PDF).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietPort } from '../../scripts/lib/pb-run.mjs';
import { rendererLink, startRenderer } from '../../scripts/lib/renderer.mjs';
import { makeSeams, type Seams } from '../support/test-seam';
import { mailsAbout } from '../support/mail';
import {
  checkout,
  createPrint,
  type Json,
  list,
  nextEmail,
  patchRecord,
  runCron,
  type Shop,
  startShop,
} from './shop-support';
import { getRecord } from './helpers';

let shop: Shop;
let seams: Seams;
let renderer: Awaited<ReturnType<typeof startRenderer>>;

// the renderer's secret and work folder, shared with PocketBase (as npm start does)
const link = rendererLink();

beforeAll(async () => {
  seams = makeSeams();
  const renderPort = await quietPort();
  shop = await startShop({ ...seams.env, RENDER_PORT: String(renderPort), ...link });
  renderer = await startRenderer({
    port: renderPort,
    pbUrl: shop.pb.url,
    siteUrl: shop.pb.url,
    env: { ...process.env, ...link },
  });
}, 120_000);
afterAll(async () => {
  await renderer?.stop();
  await shop?.stop();
  seams?.remove();
});

async function open(print: Json) {
  const r = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { email: nextEmail() });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { orderId: r.json.orderId as string, sessionId: r.json.sessionId as string };
}

const tracking = {
  carrier: 'PostNord',
  tracking_number: 'RR987654321SE',
  tracking_url: 'https://tracking.example/RR987654321SE',
};

describe('after-sale writes raced against a payment and an admin edit', () => {
  it('a certificate PDF stored after the renderer keeps the shipping, the refund and the other sale', async () => {
    const print = await createPrint(shop.pb, { edition_size: 5 });
    const a = await open(print);
    const b = await open(print);
    await seams.holdDuring(
      'certificate-pdf',
      // a's payment: fulfilment, then its certificate's PDF (held before its write)
      () => shop.stripe.pay(a.sessionId),
      async () => {
        // meanwhile b pays, and the artist ships a's order with its tracking
        await shop.stripe.pay(b.sessionId);
        const r = await patchRecord(shop.pb, 'orders', a.orderId, { status: 'shipped', ...tracking });
        expect(r.status, JSON.stringify(r.json)).toBe(200);
      },
    );
    const order = await getRecord(shop.pb, 'orders', a.orderId);
    expect(order).toMatchObject({ status: 'shipped', ...tracking });
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 2, available: 3 });
    const [cert] = await list(shop.pb, 'certificates', `order_id = "${a.orderId}"`);
    expect(cert.file).toMatch(/\.pdf$/);
    expect(cert.status).toBe('valid');
  });

  it('a certificate PDF stored after a refund voided it stays void', async () => {
    const print = await createPrint(shop.pb, { edition_size: 5 });
    const a = await open(print);
    await seams.holdDuring(
      'certificate-pdf',
      () => shop.stripe.pay(a.sessionId),
      async () => {
        await shop.stripe.refund(a.sessionId);
      },
    );
    const [cert] = await list(shop.pb, 'certificates', `order_id = "${a.orderId}"`);
    expect(cert).toMatchObject({ status: 'void' });
    expect(cert.file).toMatch(/\.pdf$/);
    expect((await getRecord(shop.pb, 'orders', a.orderId)).status).toBe('refunded');
  });

  it('a refund applied after Stripe answered keeps the artist’s edit and another buyer’s sale', async () => {
    const print = await createPrint(shop.pb, { edition_size: 5 });
    const a = await open(print);
    await shop.stripe.pay(a.sessionId);
    const b = await open(print);
    await seams.holdDuring(
      'refund-write',
      () => shop.stripe.refund(a.sessionId),
      async () => {
        await shop.stripe.pay(b.sessionId);
        const r = await patchRecord(shop.pb, 'orders', a.orderId, { ...tracking, problem: 'Buyer asked by mail' });
        expect(r.status, JSON.stringify(r.json)).toBe(200);
      },
    );
    const order = await getRecord(shop.pb, 'orders', a.orderId);
    expect(order).toMatchObject({
      status: 'refunded',
      amount_refunded: 24000,
      ...tracking,
      problem: 'Buyer asked by mail',
    });
    // the refund did not give the copy back (not returned), and b's sale stands
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 2, available: 3 });
    expect((await getRecord(shop.pb, 'orders', b.orderId)).status).toBe('paid');
    const certs = await list(shop.pb, 'certificates', `print_id = "${print.id}"`);
    expect(certs.map((c) => [c.order_id === a.orderId ? 'a' : 'b', c.status]).sort()).toEqual([
      ['a', 'void'],
      ['b', 'valid'],
    ]);
  });

  it('a retried refund whose charge.refunded lands while its Stripe-failure note still stands is mailed once', async () => {
    const email = nextEmail();
    const print = await createPrint(shop.pb, { edition_size: 5 });
    const r0 = await checkout(shop.pb, [{ id: print.id, quantity: 1 }], { email });
    expect(r0.status, JSON.stringify(r0.json)).toBe(200);
    const orderId = r0.json.orderId as string;
    await shop.stripe.pay(r0.json.sessionId as string);
    shop.stripe.failNext({ status: 500, message: 'An unknown error occurred' });
    expect((await patchRecord(shop.pb, 'orders', orderId, { status: 'refund_requested' })).status).toBe(200);
    expect((await getRecord(shop.pb, 'orders', orderId)).problem).toContain('Stripe refused the refund');
    // the cron's retry: Stripe answers, and its webhook is applied before the retry goes on
    await seams.holdDuring(
      'refund-answered',
      () =>
        runCron(shop.pb, 'atelier_refund_requests', async () => {
          const o = await getRecord(shop.pb, 'orders', orderId);
          return o.status === 'refunded' && o.problem === '';
        }),
      async () => {
        await shop.stripe.idle();
        expect((await getRecord(shop.pb, 'orders', orderId)).status).toBe('refunded');
      },
    );
    // once, whichever of the two saw it first
    expect(await mailsAbout(shop.mail, email, (s) => s === 'Your refund', 1, 1000)).toHaveLength(1);
  });

  it('an artist’s stale “shipped” save after a refund landed is refused, not applied', async () => {
    const print = await createPrint(shop.pb, { edition_size: 5 });
    const a = await open(print);
    await shop.stripe.pay(a.sessionId);
    const opened = await getRecord(shop.pb, 'orders', a.orderId);
    await shop.stripe.refund(a.sessionId);
    const r = await patchRecord(shop.pb, 'orders', a.orderId, { ...opened, status: 'shipped', ...tracking });
    expect(r.status).toBe(400);
    expect((await getRecord(shop.pb, 'orders', a.orderId)).status).toBe('refunded');
  });
});
