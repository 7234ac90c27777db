// The viewing room's gate (pb_hooks/viewing-room.pb.js, lib/forms/viewing-room.js). What the
// room shows beyond the public grid (description, price note, the inquiry offer, detail images
// and their WebP copies) is served only to holders of a valid room pass, per role: anonymous,
// pass holder, expired pass, unsubscribed. The public records API and the server-rendered
// pages carry what the grid shows and nothing more. Needs the build (the rendered pages).
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImageCopies } from '../../scripts/lib/image-copies.mjs';
import type { TestPocketBase } from '../support/pocketbase';
import { startSite, type TestSite } from '../support/site';
import { api, type Loose, unique } from './helpers';

let site: TestSite;
let pb: TestPocketBase;

/** The fields of an artwork anyone may read: what the public grid and the room's gate show. */
const PUBLIC_FIELDS = [
  'collectionId',
  'collectionName',
  'id',
  'slug',
  'title',
  'medium',
  'year',
  'dimensions',
  'is_sold',
  'is_with_tang_gallery',
  'main_image',
  'main_image_alt',
  'sort_order',
  'image_variants',
  'image_variant_map',
  'created',
  'updated',
];
const ROOM_FIELDS = ['description', 'price_note', 'is_inquirable', 'detail_image_1', 'detail_image_1_alt'];
const PASS = /^[a-z0-9]{15}\.[0-9]{10}\.[0-9a-f]{64}$/;
const DAY_S = 24 * 3600;

beforeAll(async () => {
  site = await startSite();
  pb = site.pb;
  // the seeded images get their WebP copies (the cron job, run now)
  await makeImageCopies(pb.url, pb.superuser.token);
}, 240_000);

afterAll(async () => {
  await site?.renderer.stop();
  await pb?.stop();
});

/** Every artwork as the artist sees it (superuser: hidden fields included). */
async function artworksAsArtist(): Promise<Loose[]> {
  return (await api(pb, 'GET', '/api/collections/artworks/records?perPage=200&sort=sort_order', pb.superuser.token))
    .body.items;
}

/** What must never reach someone without a pass: descriptions, price notes, detail file names and their copies. */
async function secrets(): Promise<string[]> {
  const out: string[] = [];
  for (const a of await artworksAsArtist()) {
    if (a.description) out.push(a.description.slice(0, 40));
    if (a.price_note) out.push(a.price_note);
    for (const i of [1, 2, 3, 4, 5]) {
      const file = a[`detail_image_${i}`];
      if (!file) continue;
      out.push(file);
      for (const [, copy] of a.image_variant_map?.[file]?.webp ?? []) out.push(copy);
    }
  }
  return out;
}

async function signUp(email = `${unique('room')}@example.com`): Promise<{ email: string; pass: Loose }> {
  const res = await fetch(`${pb.url}/api/atelier/subscribe-newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, source: 'viewing-room', name: 'Vera Visitor', artworkSlug: 'the-whispering-room' }),
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  return { email, pass: body.room };
}

function works(token?: string) {
  return fetch(`${pb.url}/api/atelier/viewing-room/works`, {
    headers: token === undefined ? {} : { 'x-viewing-room-pass': token },
  });
}

async function subscriber(email: string): Promise<Loose> {
  const filter = encodeURIComponent(`email="${email}"`);
  return (await api(pb, 'GET', `/api/collections/newsletter_subscribers/records?filter=${filter}`, pb.superuser.token))
    .body.items[0];
}

/** A pass signed exactly as the server signs one, with an expiry of our choosing. */
function passFor(sub: Loose, expires: number): string {
  const mac = createHmac('sha256', sub.unsubscribe_token)
    .update(`viewing-room:${sub.id}:${expires}:${sub.consent_at}`)
    .digest('hex');
  return `${sub.id}.${expires}.${mac}`;
}

describe('anonymous', () => {
  it('the records API carries what the public grid shows, and nothing of the room', async () => {
    const hidden = await secrets();
    expect(hidden.length).toBeGreaterThan(20);
    const list = await fetch(`${pb.url}/api/collections/artworks/records?perPage=200`);
    const text = await list.text();
    const items = JSON.parse(text).items as Loose[];
    expect(items.length).toBe(8);
    for (const item of items) {
      expect(Object.keys(item).filter((k) => !PUBLIC_FIELDS.includes(k))).toEqual([]);
      // the WebP copies offered are the main image's only
      expect(Object.keys(item.image_variant_map ?? {})).toEqual(item.main_image ? [item.main_image] : []);
    }
    expect(items.some((i) => Object.keys(i.image_variant_map ?? {}).length > 0)).toBe(true);
    const one = await fetch(`${pb.url}/api/collections/artworks/records/${items[0].id}`);
    const all = text + (await one.text());
    expect(hidden.filter((s) => all.includes(s))).toEqual([]);
    // nor can a filter probe a room field
    const probe = await fetch(
      `${pb.url}/api/collections/artworks/records?filter=${encodeURIComponent('description ~ "moon"')}`,
    );
    const probed = probe.status === 200 ? (await probe.json()).items.length : -1;
    expect([-1, 8]).toContain(probed);
  });

  it('the server-rendered pages carry nothing of the room either', async () => {
    const hidden = await secrets();
    for (const path of ['/', '/artworks', '/viewing-room?artwork=the-whispering-room']) {
      const res = await fetch(`${pb.url}${path}`);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(
        hidden.filter((s) => html.includes(s)),
        path,
      ).toEqual([]);
    }
    // /artworks was really rendered (not the empty shell), with the grid's data in its state; a
    // busy machine may serve the shell while the renderer is slow, so ask until it is rendered
    let html = '';
    for (let i = 0; i < 40 && !html.includes('__rq_state'); i++) {
      if (i) await new Promise((r) => setTimeout(r, 500));
      html = await (await fetch(`${pb.url}/artworks`)).text();
    }
    expect(html).toContain('__rq_state');
    expect(html).toContain('The Whispering Room');
    expect(hidden.filter((s) => html.includes(s))).toEqual([]);
  });

  it('gets no room without a pass, or with a forged or malformed one', async () => {
    expect((await works()).status).toBe(401);
    const { pass } = await signUp();
    const last = pass.token.slice(-1) === '0' ? '1' : '0';
    for (const bad of [`${pass.token.slice(0, -1)}${last}`, 'nope', pass.token.replace(/\.\d{10}\./, '.9999999999.')]) {
      const res = await works(bad);
      expect(res.status, bad).toBe(401);
      expect(await res.text()).not.toContain('price_note');
    }
  });
});

describe('a pass holder', () => {
  it('signing up gives a pass for 90 days that opens every work with its room fields', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { pass } = await signUp();
    expect(pass.token).toMatch(PASS);
    const expires = Number(pass.token.split('.')[1]);
    expect(expires).toBeGreaterThanOrEqual(before + 90 * DAY_S);
    expect(expires).toBeLessThanOrEqual(before + 90 * DAY_S + 60);
    expect(Date.parse(pass.expiresAt) / 1000).toBe(expires);

    const res = await works(pass.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.expiresAt).toBe(pass.expiresAt);
    expect(body.works.map((w: Loose) => w.slug)).toEqual((await artworksAsArtist()).map((a) => a.slug));
    const room = body.works.find((w: Loose) => w.slug === 'the-whispering-room');
    for (const field of ROOM_FIELDS) expect(room[field], field).toBeTruthy();
    expect(room.price_note).toMatch(/SEK/);
    // the detail image is served to whoever has its name
    const file = await fetch(`${pb.url}/api/files/artworks/${room.id}/${room.detail_image_1}?thumb=800x0`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');

    // the emailed link's unlock check says the same
    const unlock = await fetch(`${pb.url}/api/atelier/viewing-room/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: pass.token }),
    });
    expect(unlock.status).toBe(200);
    expect(await unlock.json()).toEqual({ ok: true, expiresAt: pass.expiresAt });
  });
});

describe('an expired pass', () => {
  it('opens nothing, though its signature is right', async () => {
    const { email, pass } = await signUp();
    const sub = await subscriber(email);
    // the check is real: a pass signed the same way with a future expiry opens the room
    expect(passFor(sub, Number(pass.token.split('.')[1]))).toBe(pass.token);
    const expired = passFor(sub, Math.floor(Date.now() / 1000) - 60);
    expect((await works(expired)).status).toBe(401);
    const unlock = await fetch(`${pb.url}/api/atelier/viewing-room/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: expired }),
    });
    expect(unlock.status).toBe(400);
    // nor does one made to outlive the 90 days
    expect((await works(passFor(sub, Math.floor(Date.now() / 1000) + 200 * DAY_S))).status).toBe(401);
  });
});

describe('an unsubscribed visitor', () => {
  it('loses the room with the subscription; signing up again gives a new pass, the old one stays ended', async () => {
    const { email, pass } = await signUp();
    expect((await works(pass.token)).status).toBe(200);
    const sub = await subscriber(email);
    const off = await fetch(`${pb.url}/api/atelier/newsletter/unsubscribe?token=${sub.unsubscribe_token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(off.status).toBe(200);
    expect((await works(pass.token)).status).toBe(401);

    await new Promise((r) => setTimeout(r, 5));
    const again = await signUp(email);
    expect(again.pass.token).not.toBe(pass.token);
    expect((await works(again.pass.token)).status).toBe(200);
    expect((await works(pass.token)).status).toBe(401);
  });
});

describe("the detail images' WebP copies", () => {
  it('are never made, and an entry made before the gate leaves the public map at the next run', async () => {
    const [work] = (await artworksAsArtist()).filter((a) => a.detail_image_1 && a.image_variant_map?.[a.main_image]);
    expect(work.image_variant_map[work.detail_image_1]).toBeUndefined();
    // the map as it was before the detail images were hidden: an entry naming the detail image
    const copies = work.image_variant_map[work.main_image];
    const map = { ...work.image_variant_map, [work.detail_image_1]: copies };
    const patched = await api(pb, 'PATCH', `/api/collections/artworks/records/${work.id}`, pb.superuser.token, {
      image_variant_map: map,
    });
    expect(patched.body.image_variant_map[work.detail_image_1]).toBeTruthy();
    await api(pb, 'POST', '/api/crons/atelier_image_variants', pb.superuser.token);
    for (let i = 0; i < 60; i++) {
      const now = (await api(pb, 'GET', `/api/collections/artworks/records/${work.id}`, pb.superuser.token)).body;
      if (!now.image_variant_map[work.detail_image_1]) {
        expect(now.image_variant_map[work.main_image]).toEqual(copies);
        return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the entry naming the detail image is still in the map');
  });
});
