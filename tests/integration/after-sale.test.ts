// After a print is sold (pb_hooks/after-sale.pb.js, lib/shop/{certificates,refunds,order-*}.js):
// certificates per copy made when paid (PDF read back with pdf.js), the buyer's private order
// page, shipping mails, the public /verify page, refunds and disputes from Stripe's webhooks
// (repeated and out of order), refunds the artist asks for, and copies that come back.
// Real PocketBase, the Stripe stand-in (stripe-mock behind it), maildev and the server renderer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietPort } from '../../scripts/lib/pb-run.mjs';
import { rendererLink, startRenderer } from '../../scripts/lib/renderer.mjs';
import { mailsAbout as mailsAboutIn, mailsTo } from '../support/mail';
import { pdfText } from '../support/pdf-text';
import type { Delivery } from '../support/stripe-standin';
import {
  ARTIST,
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
import { asSuperuser } from '../support/pocketbase';

let shop: Shop;
let renderer: Awaited<ReturnType<typeof startRenderer>>;

// the renderer's secret and work folder, shared with PocketBase (as npm start does)
const link = rendererLink();

beforeAll(async () => {
  const renderPort = await quietPort();
  shop = await startShop({ RENDER_PORT: String(renderPort), ...link });
  renderer = await startRenderer({
    port: renderPort,
    pbUrl: shop.pb.url,
    siteUrl: shop.pb.url,
    env: { ...process.env, ...link },
  });
});
afterAll(async () => {
  await renderer?.stop();
  await shop?.stop();
});

/** A paid print order: {order, sessionId, print, email}. */
async function buyPrint(opts: { print?: Json; quantity?: number; email?: string; pay?: boolean } = {}) {
  const print = opts.print ?? (await createPrint(shop.pb, { title: 'The Listening Room', size: '50 × 70 cm' }));
  const email = opts.email ?? nextEmail();
  const r = await checkout(shop.pb, [{ id: print.id, quantity: opts.quantity ?? 1 }], { email });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  if (opts.pay !== false) expect(((await shop.stripe.pay(r.json.sessionId)) as Delivery).status).toBe(200);
  return {
    order: await getRecord(shop.pb, 'orders', r.json.orderId),
    sessionId: r.json.sessionId as string,
    print,
    email,
  };
}

const certsOf = (orderId: string) => list(shop.pb, 'certificates', `order_id = "${orderId}"`);

/** The order link and its token from the confirmation mail. */
async function orderLink(email: string) {
  const [mail] = await mailsTo(shop.mail, email);
  const m = /href="(http[^"]*\/order\/([a-z0-9]{15}-[0-9a-f]{32}))"/.exec(mail.html);
  if (!m) throw new Error('no order link in the confirmation mail');
  return { url: m[1], token: m[2], mail };
}

/**
 * The mails to `address` whose subject matches, once at least `min` arrived (up to 15 s: a
 * refund commits before its mails go out, and a busy machine's SMTP takes a while), after a
 * short wait for any duplicate.
 */
const mailsAbout = (address: string, subject: (s: string) => boolean, min = 1) =>
  mailsAboutIn(shop.mail, address, subject, min);

const orderApi = (token: string) => fetch(`${shop.pb.url}/api/atelier/order/${token}`);

describe('certificates of authenticity', () => {
  it('a paid order gets one certificate per copy, numbered like the copy, with a PDF a reader can read', async () => {
    const { order, print, email } = await buyPrint({ quantity: 2 });
    expect(order.status).toBe('paid');
    const certs = await certsOf(order.id);
    expect(certs.map((c) => c.edition_number).sort()).toEqual([1, 2]);
    expect(order.items[0].edition_numbers).toEqual([1, 2]);
    for (const c of certs) {
      expect(c).toMatchObject({ kind: 'print', status: 'valid', print_id: print.id, edition_size: 10 });
      expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(c.file).toMatch(/\.pdf$/);
    }
    expect(new Set(certs.map((c) => c.code)).size).toBe(2);

    // the confirmation mail links the order page and each PDF; the PDF says what it certifies
    const { token, mail } = await orderLink(email);
    const code = certs.find((c) => c.edition_number === 2)?.code as string;
    expect(mail.html).toContain(`/api/atelier/order/${token}/certificates/${code}`);
    const pdf = await fetch(`${shop.pb.url}/api/atelier/order/${token}/certificates/${code}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const shown = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
    for (const s of ['Certificate of Authenticity', 'The Listening Room', 'Edition 2/10', '50 × 70 cm', shown])
      expect(text).toContain(s);
    expect(text).toContain(`${shop.pb.url}/verify/${shown}`);
    expect(text).toContain(`Date of sale: ${order.paid_at.slice(0, 10)}`);

    // the file is protected: not through the records API, not without the order's token
    const raw = await fetch(`${shop.pb.url}/api/files/certificates/${certs[0].id}/${certs[0].file}`);
    expect(raw.status).toBe(404);
    const other = await buyPrint({ print });
    const otherToken = (await orderLink(other.email)).token;
    expect((await fetch(`${shop.pb.url}/api/atelier/order/${otherToken}/certificates/${code}`)).status).toBe(404);
    // a second fulfilment (the success page, a replayed event) makes no second certificate
    await shop.stripe.deliver('checkout.session.completed', order.stripe_session_id);
    expect(await certsOf(order.id)).toHaveLength(2);
  });

  it('the verify page: valid with the print and its number, unknown for any other code, and no buyer data', async () => {
    const { order, email } = await buyPrint();
    const [cert] = await certsOf(order.id);
    const shown = `${cert.code.slice(0, 4)}-${cert.code.slice(4, 8)}-${cert.code.slice(8)}`;
    const page = await fetch(`${shop.pb.url}/verify/${shown}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('data-status="valid"');
    expect(html).toContain('The Listening Room');
    expect(html).toContain(`${cert.edition_number}/10`);
    expect(html).toContain(order.paid_at.slice(0, 10));
    expect(html).not.toContain(email);
    expect(html).not.toContain('Götgatan');
    expect(html).not.toContain(order.id);
    // typed in lower case without dashes, it is the same certificate
    expect((await fetch(`${shop.pb.url}/verify/${cert.code.toLowerCase()}`)).status).toBe(200);
    const unknown = await fetch(`${shop.pb.url}/verify/ABCD-EFGH-JKMN`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('data-status="unknown"');
    expect((await fetch(`${shop.pb.url}/verify/<script>`)).status).toBe(404);
    // nor the buyer's name (Stripe's shipping details of the stand-in's checkout)
    expect(JSON.stringify(order.shipping)).toContain('Test Buyer');
    expect(html).not.toContain('Test Buyer');
  });

  it('the verify page and the order page are rate-limited per address: guessing codes or links is cut off', async () => {
    const { order } = await buyPrint();
    const [cert] = await certsOf(order.id);
    const from = (ip: string, path: string) => fetch(`${shop.pb.url}${path}`, { headers: { 'x-forwarded-for': ip } });
    const guesser = '10.77.1.1';
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await from(guesser, `/verify/ABCD-EFGH-${String(1000 + i)}`)).status);
    expect(answers.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(answers[30]).toBe(429);
    // the real code from that address is refused too for now; another address checks it
    expect((await from(guesser, `/verify/${cert.code}`)).status).toBe(429);
    expect((await from('10.77.2.1', `/verify/${cert.code}`)).status).toBe(200);
    const links: number[] = [];
    for (let i = 0; i < 61; i++)
      links.push((await from('10.77.3.1', `/api/atelier/order/${order.id}-${'0'.repeat(32)}`)).status);
    expect(links.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(links[60]).toBe(429);
  });
});

describe('the buyer’s order page', () => {
  it('opens with the link from the mail and with nothing else', async () => {
    const { order, email } = await buyPrint();
    const { token, url } = await orderLink(email);
    expect(url).toBe(`${shop.pb.url}/order/${token}`);
    const res = await orderApi(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const view = (await res.json()) as Json;
    expect(view).toMatchObject({ reference: order.id.slice(0, 8), status: 'paid', kind: 'print', amount_total: 24000 });
    expect(view.items[0]).toMatchObject({ title: 'The Listening Room', quantity: 1, edition_numbers: [1] });
    expect(view.shipping_address).toContain('Götgatan 1');
    expect(view.certificates).toHaveLength(1);
    expect(view.certificates[0]).toMatchObject({ status: 'valid', edition_number: 1, ready: true });
    // nothing the buyer should not see
    expect(JSON.stringify(view)).not.toMatch(/client_ip|access_secret|stripe_|pi_|cs_test/);

    const [id, sig] = token.split('-');
    const flipped = `${id}-${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    for (const bad of [flipped, id, `${id}-`, `${'a'.repeat(15)}-${sig}`, 'x'.repeat(48)])
      expect((await orderApi(bad)).status).toBe(404);
    // the artist clears the secret: the old link stops working
    expect((await patchRecord(shop.pb, 'orders', order.id, { access_secret: '' })).status).toBe(200);
    expect((await orderApi(token)).status).toBe(404);
  });
});

describe('shipping', () => {
  it('shipped mails the buyer once with the tracking link; delivered once more; a stale form cannot step back', async () => {
    const { order, email } = await buyPrint();
    const tracking = {
      carrier: 'PostNord',
      tracking_number: 'RR123456789SE',
      tracking_url: 'https://tracking.example/RR123456789SE',
    };
    const r = await patchRecord(shop.pb, 'orders', order.id, { status: 'shipped', ...tracking });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.shipped_at).not.toBe('');
    // saved again (the admin UI sends everything again)
    expect((await patchRecord(shop.pb, 'orders', order.id, { ...r.json, status: 'shipped' })).status).toBe(200);
    const mails = await mailsTo(shop.mail, email, 3, 1500);
    const shipped = mails.filter((m) => m.subject === 'Your print is on its way');
    expect(shipped).toHaveLength(1);
    expect(shipped[0].html).toContain('href="https://tracking.example/RR123456789SE"');
    expect(shipped[0].html).toContain('RR123456789SE');
    // a form opened before it shipped sends status paid: refused, nothing undone
    const stale = await patchRecord(shop.pb, 'orders', order.id, { ...order, status: 'paid', tracking_number: '' });
    expect(stale.status).toBe(400);
    expect(stale.json.data.status.code).toBe('status_step');
    expect((await getRecord(shop.pb, 'orders', order.id)).tracking_number).toBe('RR123456789SE');

    expect((await patchRecord(shop.pb, 'orders', order.id, { status: 'delivered' })).status).toBe(200);
    expect((await patchRecord(shop.pb, 'orders', order.id, { status: 'delivered' })).status).toBe(200);
    const after = await mailsTo(shop.mail, email, 4, 1500);
    expect(after.filter((m) => m.subject === 'Your print has arrived')).toHaveLength(1);
    const view = (await (await orderApi((await orderLink(email)).token)).json()) as Json;
    expect(view).toMatchObject({ status: 'delivered', ...tracking });
    // fields the server keeps are not the artist's to change
    const forged = await patchRecord(shop.pb, 'orders', order.id, { amount_total: 1, items: [] });
    expect(forged.status).toBe(200);
    expect(forged.json.amount_total).toBe(24000);
    expect(forged.json.items).toHaveLength(1);
  });
});

describe('refunds and disputes from Stripe', () => {
  it('a full refund: refunded, certificates void, buyer and artist mailed once, however often Stripe says it', async () => {
    const { order, sessionId, email } = await buyPrint();
    const print0 = await getRecord(shop.pb, 'prints', order.items[0].id);
    const { event, charge } = await shop.stripe.refund(sessionId);
    expect(event?.status).toBe(200);
    // the same event again, and the same news in a new event
    await fetch(`${shop.pb.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event?.header ?? '' },
      body: event?.payload,
    });
    expect((await shop.stripe.deliverObject('charge.refunded', charge)).status).toBe(200);
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'refunded', amount_refunded: 24000 });
    expect(after.refunded_at).not.toBe('');
    const [cert] = await certsOf(order.id);
    expect(cert.status).toBe('void');
    const html = await (await fetch(`${shop.pb.url}/verify/${cert.code}`)).text();
    expect(html).toContain('data-status="void"');
    // the copy is not for sale again until it comes back
    expect((await getRecord(shop.pb, 'prints', order.items[0].id)).sold).toBe(print0.sold);
    const buyerMails = await mailsAbout(email, (s) => s === 'Your refund');
    expect(buyerMails).toHaveLength(1);
    expect(buyerMails[0].html).toContain('no longer valid');
    const artistMails = await mailsAbout(ARTIST, (s) => s.includes(`Refunded: order ${order.id.slice(0, 8)}`));
    expect(artistMails).toHaveLength(1);
  });

  it('partial refunds keep the order; their events out of order never lower the amount; each amount mailed once', async () => {
    const { order, sessionId, email } = await buyPrint();
    const first = await shop.stripe.refund(sessionId, { amount: 4000, deliver: false });
    const second = await shop.stripe.refund(sessionId, { amount: 6000, deliver: false });
    // Stripe's events arrive the other way round
    expect((await shop.stripe.deliverObject('charge.refunded', second.charge)).status).toBe(200);
    expect((await shop.stripe.deliverObject('charge.refunded', first.charge)).status).toBe(200);
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'paid', amount_refunded: 10000 });
    expect((await certsOf(order.id))[0].status).toBe('valid');
    const partial = await mailsAbout(email, (s) => s === 'A partial refund');
    expect(partial).toHaveLength(1);
    expect(partial[0].html).toContain('€100');
    const toArtist = await mailsAbout(ARTIST, (s) => s === `Partial refund: order ${order.id.slice(0, 8)}`);
    expect(toArtist).toHaveLength(1);
    // the rest: now it is refunded in full
    await shop.stripe.refund(sessionId);
    expect((await getRecord(shop.pb, 'orders', order.id)).status).toBe('refunded');
  });

  it('a refund that arrives before the payment event ends the checkout: no sale, no certificate, copy back', async () => {
    const print = await createPrint(shop.pb, { edition_size: 1 });
    const { order, sessionId } = await buyPrint({ print, pay: false });
    await shop.stripe.pay(sessionId, { deliver: false });
    const { charge } = await shop.stripe.refund(sessionId, { deliver: false });
    expect((await shop.stripe.deliverObject('charge.refunded', charge)).status).toBe(200);
    expect((await getRecord(shop.pb, 'orders', order.id)).status).toBe('refunded');
    // the late completed event
    expect((await shop.stripe.deliver('checkout.session.completed', sessionId)).status).toBe(200);
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after.status).toBe('refunded');
    expect(after.paid_at).toBe('');
    expect(await certsOf(order.id)).toHaveLength(0);
    const p = await getRecord(shop.pb, 'prints', print.id);
    expect(p).toMatchObject({ sold: 0, available: 1 });
    expect((await getRecord(shop.pb, 'print_stock', print.id)).available).toBe(1);
  });

  /** The dispute mails of an order: to the artist and to the buyer. */
  async function disputeMails(orderId: string, email: string) {
    const ref = orderId.slice(0, 8);
    return {
      artist: await mailsAbout(ARTIST, (s) => s === `Dispute: order ${ref}`),
      buyer: await mailsAbout(email, (s) => s === `About your payment for order ${ref}`),
    };
  }

  it('a dispute is recorded once; artist and buyer are told once, however often Stripe says it', async () => {
    const { order, sessionId, email } = await buyPrint();
    const { dispute, event } = await shop.stripe.dispute(sessionId);
    await fetch(`${shop.pb.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event?.header ?? '' },
      body: event?.payload,
    });
    expect((await shop.stripe.deliverObject('charge.dispute.created', dispute)).status).toBe(200);
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after.disputed_at).not.toBe('');
    expect(after.dispute).toContain(dispute.id);
    expect(after.status).toBe('paid');
    const mails = await disputeMails(order.id, email);
    expect(mails.artist).toHaveLength(1);
    expect(mails.artist[0].html).toContain('fraudulent');
    expect(mails.buyer).toHaveLength(1);
    // the buyer can answer the artist, and finds their order page
    expect(mails.buyer[0].html).toContain('reply to this email');
    expect(mails.buyer[0].html).toMatch(/\/order\/[a-z0-9]{15}-[0-9a-f]{32}/);
    expect(JSON.stringify(mails.buyer[0].headers ?? {}).toLowerCase()).toContain(ARTIST.toLowerCase());
  });

  it('a dispute before the payment event, and after a refund: recorded once, the sale as Stripe last said', async () => {
    // Stripe's dispute arrives before checkout.session.completed
    const early = await buyPrint({ pay: false });
    await shop.stripe.pay(early.sessionId, { deliver: false });
    const { dispute } = await shop.stripe.dispute(early.sessionId, { deliver: false });
    expect((await shop.stripe.deliverObject('charge.dispute.created', dispute)).status).toBe(200);
    expect((await getRecord(shop.pb, 'orders', early.order.id)).disputed_at).not.toBe('');
    expect((await shop.stripe.deliver('checkout.session.completed', early.sessionId)).status).toBe(200);
    expect((await shop.stripe.deliverObject('charge.dispute.created', dispute)).status).toBe(200);
    const paid = await getRecord(shop.pb, 'orders', early.order.id);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid.dispute).toContain(dispute.id);
    expect(await certsOf(early.order.id)).toHaveLength(1);
    const earlyMails = await disputeMails(early.order.id, early.email);
    expect([earlyMails.artist.length, earlyMails.buyer.length]).toEqual([1, 1]);

    // refunded first, then the dispute: the refund stands, the dispute is noted
    const late = await buyPrint();
    await shop.stripe.refund(late.sessionId);
    const second = await shop.stripe.dispute(late.sessionId);
    expect(second.event?.status).toBe(200);
    const refunded = await getRecord(shop.pb, 'orders', late.order.id);
    expect(refunded).toMatchObject({ status: 'refunded', amount_refunded: 24000 });
    expect(refunded.dispute).toContain(second.dispute.id);
    const lateMails = await disputeMails(late.order.id, late.email);
    expect([lateMails.artist.length, lateMails.buyer.length]).toEqual([1, 1]);
  });
});

describe('disputes Stripe closes (charge.dispute.closed)', () => {
  /** The artist's mails about how the order's dispute ended. */
  const closedMails = (orderId: string, outcome: string) =>
    mailsAbout(ARTIST, (s) => s === `Dispute ${outcome}: order ${orderId.slice(0, 8)}`);

  /** Delivers the same signed event again, byte for byte (Stripe retrying a delivery). */
  const redeliver = (event: Delivery | null) =>
    fetch(`${shop.pb.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event?.header ?? '' },
      body: event?.payload,
    });

  it('won: the sale stands, the certificate stays valid; the artist is told once, however often Stripe says it', async () => {
    const { order, sessionId, email } = await buyPrint();
    const { dispute } = await shop.stripe.dispute(sessionId);
    const won = await shop.stripe.closeDispute(dispute, 'won');
    expect(won.event?.status).toBe(200);
    expect((await redeliver(won.event)).status).toBe(200);
    expect((await shop.stripe.deliverObject('charge.dispute.closed', won.dispute)).status).toBe(200);
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'paid', amount_refunded: 0, dispute_status: 'won' });
    expect(after.dispute_closed_at).not.toBe('');
    const [cert] = await certsOf(order.id);
    expect(cert.status).toBe('valid');
    expect(await (await fetch(`${shop.pb.url}/verify/${cert.code}`)).text()).toContain('data-status="valid"');
    const mails = await closedMails(order.id, 'won');
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain('The payment stands');
    // the buyer hears of no refund, and of no decision from us (their bank tells them)
    expect(await mailsAbout(email, (s) => /refund|decision/i.test(s), 0)).toHaveLength(0);
    expect(((await (await orderApi((await orderLink(email)).token)).json()) as Json).bank_reversal).toBeNull();
  });

  it('lost, delivered before the dispute was opened: refunded, certificate void, copy still sold, no opening mails', async () => {
    const { order, sessionId, email } = await buyPrint();
    const sold = (await getRecord(shop.pb, 'prints', order.items[0].id)).sold;
    const { dispute } = await shop.stripe.dispute(sessionId, { deliver: false });
    const lost = await shop.stripe.closeDispute(dispute, 'lost');
    expect(lost.event?.status).toBe(200);
    // the older charge.dispute.created arrives afterwards, then the closing again
    expect((await shop.stripe.deliverObject('charge.dispute.created', dispute)).status).toBe(200);
    expect((await redeliver(lost.event)).status).toBe(200);
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'refunded', amount_refunded: 24000, dispute_status: 'lost' });
    expect(after.disputed_at).not.toBe('');
    expect(after.dispute).toContain(dispute.id);
    const [cert] = await certsOf(order.id);
    expect(cert.status).toBe('void');
    expect((await getRecord(shop.pb, 'prints', order.items[0].id)).sold).toBe(sold);
    const mails = await closedMails(order.id, 'lost');
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain('copies_returned');
    // a settled dispute is not announced as a new one, and the bank, not the shop, paid the buyer back
    expect(await mailsAbout(ARTIST, (s) => s === `Dispute: order ${order.id.slice(0, 8)}`, 0)).toHaveLength(0);
    expect(await mailsAbout(email, (s) => s.startsWith('About your payment') || /refund/i.test(s), 0)).toHaveLength(0);
    // the buyer is told once what the bank's decision changed for them (however often Stripe says it)
    const decided = await mailsAbout(email, (s) => s === `Order ${order.id.slice(0, 8)}: your bank's decision`);
    expect(decided).toHaveLength(1);
    expect(decided[0].html).toMatch(/in your favour: it returned €240(\.00)? to you/);
    expect(decided[0].html).toContain('certificates of authenticity of this order are therefore no longer valid');
    expect(decided[0].html).not.toMatch(/5–10 days/);
    // the order page says what happened in the mail's words: reversed by their bank, certificates void
    const view = (await (await orderApi((await orderLink(email)).token)).json()) as Json;
    expect(view).toMatchObject({ status: 'refunded', amount_refunded: 24000 });
    expect(view.bank_reversal).toEqual({
      full: true,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lines: [
        'Your bank decided the dispute about this order in your favour: it returned €240 to you. Nothing more is needed from you.',
        'The certificates of authenticity of this order are therefore no longer valid.',
      ],
    });
    expect(view.certificates[0].status).toBe('void');
    expect(
      await mailsAbout(ARTIST, (s) => s.includes(`order ${order.id.slice(0, 8)}`) && /refund/i.test(s), 0),
    ).toHaveLength(0);
  });

  it('an inquiry closed without a chargeback (warning_closed) changes nothing but the note; the artist is told', async () => {
    const { order, sessionId } = await buyPrint();
    const { dispute } = await shop.stripe.dispute(sessionId, { reason: 'general' });
    expect((await shop.stripe.closeDispute(dispute, 'warning_closed')).event?.status).toBe(200);
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'paid', amount_refunded: 0, dispute_status: 'warning_closed' });
    expect((await certsOf(order.id))[0].status).toBe('valid');
    const mails = await closedMails(order.id, 'closed');
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain('without a chargeback');
  });
});

describe('refunds the artist starts, and copies that come back', () => {
  it('refund_requested refunds through Stripe once; Stripe’s own event after it changes nothing', async () => {
    const { order, email } = await buyPrint();
    const r = await patchRecord(shop.pb, 'orders', order.id, { status: 'refund_requested' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const requests = shop.stripe.requests.filter(
      (q) => q.path === '/v1/refunds' && q.params.payment_intent === order.stripe_payment_intent,
    );
    expect(requests).toHaveLength(1);
    expect(requests[0].headers['idempotency-key']).toMatch(new RegExp(`^refund-request-${order.id}-`));
    expect(requests[0].params.amount).toBeUndefined();
    await shop.stripe.idle();
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'refunded', amount_refunded: 24000 });
    expect(after.stripe_refund_id).toMatch(/^re_/);
    expect((await certsOf(order.id))[0].status).toBe('void');
    const buyerMails = await mailsAbout(email, (s) => s === 'Your refund');
    expect(buyerMails).toHaveLength(1);
  });

  it('an order with no Stripe payment (made by hand) is not sent to Stripe: the save says so, the order stays', async () => {
    const res = await asSuperuser(shop.pb, '/api/collections/orders/records', {
      method: 'POST',
      body: JSON.stringify({
        kind: 'print',
        email: nextEmail(),
        items: [],
        currency: 'eur',
        amount_total: 24000,
        status: 'paid',
      }),
    });
    const order = (await res.json()) as Json;
    const asked = await patchRecord(shop.pb, 'orders', order.id, { status: 'refund_requested' });
    expect(asked.status).toBe(400);
    expect(asked.json.data.status.code).toBe('refund_no_payment');
    expect(asked.json.data.status.message).toContain('Pay the buyer back yourself');
    expect(await getRecord(shop.pb, 'orders', order.id)).toMatchObject({ status: 'paid', problem: '' });
  });

  it('a partial refund the artist asks for: that much through Stripe, the order goes on where it was, once', async () => {
    const { order, email } = await buyPrint();
    const shipped = await patchRecord(shop.pb, 'orders', order.id, { status: 'shipped', tracking_number: 'RR1' });
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    // more than is left is refused and names the field
    const tooMuch = await patchRecord(shop.pb, 'orders', order.id, { status: 'refund_requested', refund_amount: 241 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.data.refund_amount.code).toBe('refund_too_large');
    expect((await getRecord(shop.pb, 'orders', order.id)).status).toBe('shipped');

    const r = await patchRecord(shop.pb, 'orders', order.id, { status: 'refund_requested', refund_amount: 40 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    await shop.stripe.idle();
    const requests = shop.stripe.requests.filter(
      (q) => q.path === '/v1/refunds' && q.params.payment_intent === order.stripe_payment_intent,
    );
    expect(requests.map((q) => q.params.amount)).toEqual(['4000']);
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'shipped', amount_refunded: 4000, refund_amount: 0, tracking_number: 'RR1' });
    expect((await certsOf(order.id))[0].status).toBe('valid');
    expect(shop.stripe.charge(order.stripe_payment_intent)).toMatchObject({ amount_refunded: 4000, refunded: false });
    const partial = await mailsAbout(email, (s) => s === 'A partial refund');
    expect(partial).toHaveLength(1);
    expect(partial[0].html).toContain('€40');

    // the cron's retry finds nothing to do; a second request refunds the rest, in full
    await runCron(shop.pb, 'atelier_refund_requests', async () => true);
    const rest = await patchRecord(shop.pb, 'orders', order.id, { status: 'refund_requested' });
    expect(rest.status, JSON.stringify(rest.json)).toBe(200);
    await shop.stripe.idle();
    expect(await getRecord(shop.pb, 'orders', order.id)).toMatchObject({ status: 'refunded', amount_refunded: 24000 });
    expect(shop.stripe.charge(order.stripe_payment_intent)).toMatchObject({ amount_refunded: 24000, refunded: true });
    expect((await certsOf(order.id))[0].status).toBe('void');
  });

  it('a refund Stripe failed at first goes through on the retry, once, and its mails are sent', async () => {
    const { order, email } = await buyPrint();
    const pi = order.stripe_payment_intent as string;
    shop.stripe.failNext({ status: 500, message: 'An unknown error occurred' });
    const r = await patchRecord(shop.pb, 'orders', order.id, { status: 'refund_requested' });
    expect(r.status).toBe(200);
    const waiting = await getRecord(shop.pb, 'orders', order.id);
    expect(waiting.status).toBe('refund_requested');
    expect(waiting.problem).toContain('Stripe refused the refund');
    await runCron(shop.pb, 'atelier_refund_requests', async () => {
      return (await getRecord(shop.pb, 'orders', order.id)).status === 'refunded';
    });
    await shop.stripe.idle();
    const after = await getRecord(shop.pb, 'orders', order.id);
    expect(after).toMatchObject({ status: 'refunded', amount_refunded: 24000, problem: '' });
    expect(shop.stripe.requests.filter((q) => q.path === '/v1/refunds' && q.params.payment_intent === pi)).toHaveLength(
      1,
    );
    expect(await mailsAbout(email, (s) => s === 'Your refund')).toHaveLength(1);
  });

  it('a partial refund called off before Stripe took it: nothing refunded, and its amount does not come back', async () => {
    const { order } = await buyPrint();
    // Stripe fails the request and (should the minute's cron run meanwhile) its retry
    shop.stripe.failNext(
      { status: 500, message: 'An unknown error occurred' },
      { status: 500, message: 'An unknown error occurred' },
    );
    const asked = await patchRecord(shop.pb, 'orders', order.id, { status: 'refund_requested', refund_amount: 30 });
    expect(asked.status).toBe(200);
    expect(await getRecord(shop.pb, 'orders', order.id)).toMatchObject({
      status: 'refund_requested',
      refund_amount: 30,
    });
    // the admin UI sends back the amount it loaded with the step back
    const back = await patchRecord(shop.pb, 'orders', order.id, { status: 'paid', refund_amount: 30 });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(await getRecord(shop.pb, 'orders', order.id)).toMatchObject({
      status: 'paid',
      refund_amount: 0,
      amount_refunded: 0,
    });
    shop.stripe.clearFailures();
    await runCron(shop.pb, 'atelier_refund_requests', async () => true);
    expect(shop.stripe.charge(order.stripe_payment_intent)).toMatchObject({ amount_refunded: 0 });
  });

  it('copies go back to the edition only when marked returned, and the next buyer gets that number', async () => {
    const print = await createPrint(shop.pb, { edition_size: 3 });
    const a = await buyPrint({ print });
    const b = await buyPrint({ print });
    expect([a.order.items[0].edition_numbers, b.order.items[0].edition_numbers]).toEqual([[1], [2]]);
    await shop.stripe.refund(a.sessionId);
    expect((await getRecord(shop.pb, 'prints', print.id)).available).toBe(1);
    // not refunded orders cannot be returned
    const early = await patchRecord(shop.pb, 'orders', b.order.id, { copies_returned: true });
    expect(early.status).toBe(400);
    const r = await patchRecord(shop.pb, 'orders', a.order.id, { copies_returned: true });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const after = await getRecord(shop.pb, 'orders', a.order.id);
    expect(after.copies_returned).toBe(true);
    expect(after.returned_at).not.toBe('');
    expect(await getRecord(shop.pb, 'prints', print.id)).toMatchObject({ sold: 1, available: 2 });
    expect((await getRecord(shop.pb, 'print_stock', print.id)).available).toBe(2);
    // ticking it again returns nothing twice
    expect((await patchRecord(shop.pb, 'orders', a.order.id, { copies_returned: true })).status).toBe(200);
    expect((await getRecord(shop.pb, 'prints', print.id)).sold).toBe(1);
    const c = await buyPrint({ print });
    const d = await buyPrint({ print });
    expect([c.order.items[0].edition_numbers, d.order.items[0].edition_numbers]).toEqual([[1], [3]]);
    const numbers = (await list(shop.pb, 'certificates', `print_id = "${print.id}" && status = "valid"`)).map(
      (x) => x.edition_number,
    );
    expect(numbers.sort()).toEqual([1, 2, 3]);
  });
});
