// Work the server does after something slow (the WebP copies of an image, storing a finished
// chapter-video upload, mailing a contact message, Stripe's checkout session) must not write back a record it read
// before: each one is held at its write (pb_hooks/lib/setup/test-seam.js) while a payment's stock
// statements and an admin's edit land, then let go. Afterwards the sale, the holds and the
// edit are all still there. Needs the build (dist-ssr/, the renderer makes the copies).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD } from '../../src/lib/contract/contract.gen';
import { startMailDev } from '../../scripts/lib/maildev.mjs';
import { quietPort } from '../../scripts/lib/pb-run.mjs';
import { rendererLink, startRenderer } from '../../scripts/lib/renderer.mjs';
import { asSuperuser, createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type StripeStandin, startStripeStandin } from '../support/stripe-standin';
import { makeSeams, type Seams } from '../support/test-seam';
import { api, createAsSuperuser, getRecord, type Loose, tinyMp4, unique } from './helpers';
import { checkout, createPrint, list, patchRecord, post, until } from './shop-support';
import { seededVideoBytes } from './video-bytes';
import { uploadWhole } from './video-upload-client';

let pb: TestPocketBase;
let stripe: StripeStandin;
let mail: Awaited<ReturnType<typeof startMailDev>>;
let renderer: Awaited<ReturnType<typeof startRenderer>> | undefined;
let renderPort = 0;
const link = rendererLink();
const startTheRenderer = () =>
  startRenderer({ port: renderPort, pbUrl: pb.url, siteUrl: pb.url, env: { ...process.env, ...link } });
let seams: Seams;
let admin = '';
let courseId = '';

beforeAll(async () => {
  seams = makeSeams();
  mail = await startMailDev();
  stripe = await startStripeStandin();
  renderPort = await quietPort();
  pb = await startPocketBase({
    behindProxy: true,
    env: {
      ...mail.smtpEnv,
      ...stripe.env,
      ...seams.env,
      RENDER_PORT: String(renderPort),
      ...link,
      ARTIST_EMAIL: 'artist@atelier.test',
    },
  });
  stripe.setWebhookUrl(`${pb.url}/api/stripe/webhook`);
  renderer = await startTheRenderer();
  admin = (await createUser(pb, { email: 'admin@atelier.test', role: 'admin' })).token;
  courseId = (
    await createAsSuperuser(pb, 'courses', {
      slug: unique('course'),
      title: 'Course',
      price_cents: 13900,
      currency: 'usd',
      is_published: true,
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await renderer?.stop();
  await pb?.stop();
  await stripe?.stop();
  await mail?.stop();
  seams?.remove();
});

async function jpeg(width: number, height: number, seed: number): Promise<Blob> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 104729) % 251;
  const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

/** A sale of 2 copies (paid through the webhook) and 1 copy held in an open checkout. */
async function sellAndHold(printId: string): Promise<{ paidOrder: string; openOrder: string }> {
  const paid = await checkout(pb, [{ id: printId, quantity: 2 }]);
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  await stripe.pay(paid.json.sessionId);
  const open = await checkout(pb, [{ id: printId, quantity: 1 }]);
  expect(open.status, JSON.stringify(open.json)).toBe(200);
  return { paidOrder: paid.json.orderId, openOrder: open.json.orderId };
}

/** What the artist changes in the admin UI meanwhile. */
const EDIT = { title: 'Renamed while the copies were made', price_cents: 31000, is_active: false };

async function expectSaleHoldsAndEdit(printId: string, orders: { paidOrder: string; openOrder: string }) {
  const print = await getRecord(pb, 'prints', printId);
  expect(print).toMatchObject({ ...EDIT, edition_size: 10, sold: 2, available: 7 });
  const holds = await list(pb, 'stock_holds', `print_id="${printId}"`);
  expect(holds.map((h) => [h.order_id, h.status, h.quantity, h.edition_numbers])).toEqual([
    [orders.paidOrder, 'consumed', 2, [1, 2]],
    [orders.openOrder, 'open', 1, null],
  ]);
  // the edition still counts from the real sale: 7 more copies, not 10
  expect((await patchRecord(pb, 'prints', printId, { is_active: true })).status).toBe(200);
  for (const quantity of [2, 2, 2, 1]) expect((await checkout(pb, [{ id: printId, quantity }])).status).toBe(200);
  const over = await checkout(pb, [{ id: printId, quantity: 1 }]);
  expect(over.status).toBe(409);
  expect((await getRecord(pb, 'prints', printId)).available).toBe(0);
}

function expectCopiesOf(record: Loose) {
  const entry = record.image_variant_map?.[record.main_image];
  expect(entry?.webp?.length, JSON.stringify(record.image_variant_map)).toBeGreaterThan(0);
  expect([...record.image_variants].sort()).toEqual(entry.webp.map((p: [number, string]) => p[1]).sort());
}

describe('the WebP copies of a print image', () => {
  it('made on upload while the print sells and is edited: the sale, the holds and the edit stay', async () => {
    const print = await createPrint(pb, { edition_size: 10 });
    const form = new FormData();
    form.set('main_image', await jpeg(900, 700, 1), 'edition.jpg');
    let orders = { paidOrder: '', openOrder: '' };
    const upload = await seams.holdDuring(
      'image-copies',
      () => api(pb, 'PATCH', `/api/collections/prints/records/${print.id}`, pb.superuser.token, form),
      async () => {
        orders = await sellAndHold(print.id);
        expect((await patchRecord(pb, 'prints', print.id, EDIT)).status).toBe(200);
      },
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expectCopiesOf(await getRecord(pb, 'prints', print.id));
    await expectSaleHoldsAndEdit(print.id, orders);
  });

  it('made by the cron job while the print sells and is edited: the sale, the holds and the edit stay', async () => {
    // saved while the renderer is away: the image has no copies until the cron job makes them
    await renderer?.stop();
    renderer = undefined;
    const form = new FormData();
    for (const [k, v] of Object.entries({ slug: unique('cron-print'), title: 'A print', currency: 'eur' }))
      form.set(k, v);
    for (const [k, v] of Object.entries({ price_cents: '24000', edition_size: '10', sort_order: '1' })) form.set(k, v);
    form.set('is_active', 'true');
    form.set('main_image', await jpeg(800, 800, 2), 'cron.jpg');
    const print = await createAsSuperuser(pb, 'prints', form);
    expect((await getRecord(pb, 'prints', print.id)).image_variants).toEqual([]);
    renderer = await startTheRenderer();

    let orders = { paidOrder: '', openOrder: '' };
    await seams.holdDuring(
      'image-copies',
      async () => {
        // a renderer that refused a connection is not asked again for 10 s (armed already: the
        // job's own minute may come first, and is held the same way)
        await new Promise((r) => setTimeout(r, 10_500));
        expect((await asSuperuser(pb, '/api/crons/atelier_image_variants', { method: 'POST' })).status).toBe(204);
        await until(async () => (await getRecord(pb, 'prints', print.id)).image_variants.length > 0, 'copies', 30_000);
      },
      async () => {
        orders = await sellAndHold(print.id);
        expect((await patchRecord(pb, 'prints', print.id, EDIT)).status).toBe(200);
      },
    );
    expectCopiesOf(await getRecord(pb, 'prints', print.id));
    await expectSaleHoldsAndEdit(print.id, orders);
  }, 90_000);
});

describe('a finished chapter-video upload', () => {
  /** A chapter with a video, and a complete upload of a new one (not yet attached). */
  async function uploaded(seed: number) {
    const form = new FormData();
    form.append('course_id', courseId);
    form.append('title', 'Chapter as loaded');
    form.append('content', 'Text as loaded');
    form.append('sort_order', '1');
    form.append('video', tinyMp4(), 'original.mp4');
    const chapter = await createAsSuperuser(pb, 'course_modules', form);
    const bytes = seededVideoBytes(VIDEO_UPLOAD.digestBlockBytes + 4321, seed);
    const url = await uploadWhole(pb.url, admin, chapter.id, bytes);
    return { chapter, url };
  }

  const adminEdit = (id: string) =>
    api(pb, 'PATCH', `/api/collections/course_modules/records/${id}`, admin, {
      title: 'Chapter as edited',
      content: 'Text as edited meanwhile',
    });

  async function expectVideoAndEdit(chapter: Loose) {
    const stored = (await api(pb, 'GET', `/api/collections/course_modules/records/${chapter.id}`, pb.superuser.token))
      .body;
    expect(stored).toMatchObject({ title: 'Chapter as edited', content: 'Text as edited meanwhile' });
    expect(stored.video).toMatch(/^new_\w+\.mp4$/);
    expect(stored.video_archive).toEqual([chapter.video]);
  }

  it('attached by the finalise poll while the admin edits the chapter: the edit stays', async () => {
    const { chapter, url } = await uploaded(1);
    const polled = await seams.holdDuring(
      'video-attach',
      async () => (await fetch(`${url}/finalise`, { method: 'POST', headers: { authorization: admin } })).json(),
      async () => {
        expect((await adminEdit(chapter.id)).status).toBe(200);
      },
    );
    expect(polled).toMatchObject({ state: 'done' });
    await expectVideoAndEdit(chapter);
  });

  it('attached by the cron job while the admin edits the chapter: the edit stays', async () => {
    const { chapter } = await uploaded(2);
    await seams.holdDuring(
      'video-attach',
      async () => {
        expect((await asSuperuser(pb, '/api/crons/video_uploads_finalise', { method: 'POST' })).status).toBe(204);
        await until(
          async () =>
            (await api(pb, 'GET', `/api/collections/course_modules/records/${chapter.id}`, pb.superuser.token)).body
              .video !== chapter.video,
          'the attached video',
          30_000,
        );
      },
      async () => {
        expect((await adminEdit(chapter.id)).status).toBe(200);
      },
    );
    await expectVideoAndEdit(chapter);
  });
});

describe('a contact message', () => {
  it('mailed to the artist while the artist edits it: the edit stays, and the mail outcome is recorded', async () => {
    const clientId = unique('contact-client');
    const sent = await seams.holdDuring(
      'contact-mail',
      () =>
        post(pb, '/api/atelier/send-contact', {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          subject: 'Press Inquiry',
          message: 'Hello',
          clientId,
        }),
      async () => {
        const [stored] = await list(pb, 'contact_messages', `client_id="${clientId}"`);
        expect(stored).toMatchObject({ mail_status: 'pending' });
        expect(
          (await patchRecord(pb, 'contact_messages', stored.id, { subject: 'Gallery Representation' })).status,
        ).toBe(200);
      },
    );
    expect(sent.status).toBe(200);
    const [stored] = await list(pb, 'contact_messages', `client_id="${clientId}"`);
    expect(stored).toMatchObject({ subject: 'Gallery Representation', mail_status: 'sent', mail_error: '' });
  });
});

describe("a checkout's Stripe session", () => {
  it('recorded after Stripe answered, while the print sells and the artist edits the order and the print: all stay', async () => {
    const print = await createPrint(pb, { edition_size: 10 });
    const email = `${unique('slow-stripe')}@example.com`;
    let paidOrder = '';
    const opened = await seams.holdDuring(
      'checkout-session',
      () => checkout(pb, [{ id: print.id, quantity: 1 }], { email }),
      async () => {
        const [mine] = await list(pb, 'orders', `email="${email}"`);
        expect(mine).toMatchObject({ status: 'pending', stripe_session_id: '' });
        const other = await checkout(pb, [{ id: print.id, quantity: 2 }]);
        expect(other.status, JSON.stringify(other.json)).toBe(200);
        await stripe.pay(other.json.sessionId);
        paidOrder = other.json.orderId;
        expect((await patchRecord(pb, 'orders', mine.id, { problem: 'Call before shipping' })).status).toBe(200);
        expect((await patchRecord(pb, 'prints', print.id, EDIT)).status).toBe(200);
      },
    );
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
    const [mine] = await list(pb, 'orders', `email="${email}"`);
    expect(mine).toMatchObject({
      id: opened.json.orderId,
      status: 'pending',
      stripe_session_id: opened.json.sessionId,
      problem: 'Call before shipping',
    });
    expect(await getRecord(pb, 'prints', print.id)).toMatchObject({ ...EDIT, sold: 2, available: 7 });
    const holds = await list(pb, 'stock_holds', `print_id="${print.id}"`);
    expect(holds.map((h) => [h.order_id, h.status, h.quantity])).toEqual([
      [mine.id, 'open', 1],
      [paidOrder, 'consumed', 2],
    ]);
    // the session recorded is the one the buyer pays: the order is fulfilled from it
    await stripe.pay(opened.json.sessionId);
    await until(async () => (await getRecord(pb, 'orders', mine.id)).status === 'paid', 'the order paid');
    expect(await getRecord(pb, 'prints', print.id)).toMatchObject({ sold: 3, available: 7 });
  });
});
