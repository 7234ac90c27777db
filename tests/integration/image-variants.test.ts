// WebP copies of uploaded images (pb_hooks/image-variants.pb.js): made by the server renderer
// when an image is saved, stored on the record, replaced with the image, made later by the cron
// job for images saved while the renderer was away, and offered by the server-rendered pages.
// Needs the build (dist-ssr/).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_COLLECTIONS } from '@/lib/contract/contract.gen';
import { imagesWithoutCopies } from '../../scripts/lib/image-copies.mjs';
import type { TestPocketBase } from '../support/pocketbase';
import { startSite, type TestRenderer, type TestSite } from '../support/site';
import { api, createAsSuperuser, getRecord, type Loose, unique } from './helpers';

let site: TestSite;
let pb: TestPocketBase;
let renderer: TestRenderer | undefined;

beforeAll(async () => {
  // seeded while no renderer runs: the demo images get their copies from the cron job
  site = await startSite();
  ({ pb, renderer } = site);
}, 60_000);

afterAll(async () => {
  await renderer?.stop();
  await pb?.stop();
});

/** A painterly test JPEG (noise, blurred): compresses like a photo of a painting, not like a flat colour. */
async function paintingJpeg(width: number, height: number, seed: number): Promise<Blob> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 104729) % 251;
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}

function artworkForm(image: Blob | null, name = 'painting.jpg'): FormData {
  const slug = unique('variant-work');
  const form = new FormData();
  form.set('slug', slug);
  form.set('title', slug);
  if (image) form.set('main_image', image, name);
  return form;
}

async function fetchFile(collection: string, id: string, name: string, query = '') {
  const res = await fetch(`${pb.url}/api/files/${collection}/${id}/${encodeURIComponent(name)}${query}`);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}\n${pb.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('WebP copies of images', () => {
  it('every collection with image fields has the copies’ fields', async () => {
    const res = await api(pb, 'GET', '/api/collections?perPage=200', pb.superuser.token);
    const withImages = (res.body.items as Loose[])
      .filter((c) => !c.system && c.fields.some((f: Loose) => f.type === 'file' && f.thumbs?.length))
      .map((c) => c.name)
      .sort();
    // the contract's list (IMAGE_COLLECTIONS, which the hooks use) names exactly these
    expect(withImages).toEqual([...IMAGE_COLLECTIONS].sort());
    for (const c of res.body.items as Loose[]) {
      if (!withImages.includes(c.name)) continue;
      const files = c.fields.find((f: Loose) => f.name === 'image_variants');
      expect(files, c.name).toMatchObject({ type: 'file', mimeTypes: ['image/webp'], protected: false });
      expect(c.fields.find((f: Loose) => f.name === 'image_variant_map')?.type, c.name).toBe('json');
    }
  });

  it('are made when an image is uploaded: upright WebP at each srcset width, a fraction of the JPEG thumb', async () => {
    const created = await createAsSuperuser(pb, 'artworks', artworkForm(await paintingJpeg(1100, 1000, 1)));
    // made before the save's response: the record as stored now has them
    const record = await getRecord(pb, 'artworks', created.id);
    const entry = record.image_variant_map[record.main_image];
    expect(entry).toMatchObject({ width: 1100, height: 1000 });
    expect(entry.webp.map((p: [number, string]) => p[0])).toEqual([400, 600, 800, 1100]);
    expect([...record.image_variants].sort()).toEqual(entry.webp.map((p: [number, string]) => p[1]).sort());
    for (const [width, name] of entry.webp as [number, string][]) {
      const file = await fetchFile('artworks', record.id, name);
      expect(file.status).toBe(200);
      expect(file.type).toBe('image/webp');
      expect((await sharp(file.bytes).metadata()).width).toBe(width);
    }
    const thumb = await fetchFile('artworks', record.id, record.main_image, '?thumb=800x0');
    const webp800 = await fetchFile('artworks', record.id, entry.webp[2][1]);
    expect(thumb.type).toBe('image/jpeg');
    expect(webp800.bytes.length).toBeLessThan(thumb.bytes.length / 2);
  });

  it('follow the image: a new upload gets new copies and the old ones are deleted; no image, no copies', async () => {
    const created = await createAsSuperuser(pb, 'artworks', artworkForm(await paintingJpeg(700, 900, 2)));
    const before = await getRecord(pb, 'artworks', created.id);
    const oldCopies = before.image_variants as string[];
    expect(oldCopies.length).toBe(3); // 400, 600, and the original's 700

    const form = new FormData();
    form.set('main_image', await paintingJpeg(1300, 900, 3), 'second.jpg');
    const updated = await api(pb, 'PATCH', `/api/collections/artworks/records/${created.id}`, pb.superuser.token, form);
    expect(updated.status).toBe(200);
    const after = await getRecord(pb, 'artworks', created.id);
    expect(Object.keys(after.image_variant_map)).toEqual([after.main_image]);
    expect(after.image_variant_map[after.main_image].webp.map((p: [number, string]) => p[0])).toEqual([
      400, 600, 800, 1200, 1300,
    ]);
    for (const name of oldCopies) {
      expect(after.image_variants).not.toContain(name);
      expect((await fetchFile('artworks', created.id, name)).status).toBe(404);
    }

    const cleared = await api(pb, 'PATCH', `/api/collections/artworks/records/${created.id}`, pb.superuser.token, {
      main_image: null,
    });
    expect(cleared.status).toBe(200);
    const none = await getRecord(pb, 'artworks', created.id);
    expect(none.image_variants).toEqual([]);
    expect(none.image_variant_map).toEqual({});
  });

  it('a file that only claims to be a JPEG keeps its upload, is marked unreadable, and is not retried', async () => {
    const fake = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(400).fill(9)])], {
      type: 'image/jpeg',
    });
    const created = await createAsSuperuser(pb, 'artworks', artworkForm(fake, 'fake.jpg'));
    const record = await getRecord(pb, 'artworks', created.id);
    expect(record.main_image).toMatch(/\.jpg$/);
    expect(record.image_variant_map[record.main_image]).toMatchObject({
      webp: [],
      error: expect.stringMatching(/image/),
    });
    expect(record.image_variants).toEqual([]);
  });

  it('images saved while the renderer is away get theirs from the cron job, seeded ones included; pages offer them', async () => {
    await renderer?.stop();
    renderer = undefined;
    const created = await createAsSuperuser(pb, 'artworks', artworkForm(await paintingJpeg(900, 900, 4)));
    expect((await getRecord(pb, 'artworks', created.id)).image_variants).toEqual([]);
    renderer = await site.startRenderer();
    // the renderer was marked down for 10 s after the refused connection; run the job by hand after that
    await new Promise((r) => setTimeout(r, 11_000));
    await api(pb, 'POST', '/api/crons/atelier_image_variants', pb.superuser.token);

    let lacking: string[] = [];
    await waitFor(
      'copies of every image',
      async () => {
        lacking = await imagesWithoutCopies(pb.url, pb.superuser.token);
        return lacking.length ? undefined : true;
      },
      60_000,
    ).catch((err) => {
      throw new Error(`${err.message}\nwithout copies: ${lacking.join(', ')}`);
    });

    // the rendered /artworks offers the WebP copies of the first work in a <picture>
    const html = await waitFor(
      'a rendered /artworks with <picture>',
      async () => {
        const text = await (await fetch(`${pb.url}/artworks`)).text();
        return text.includes('<source type="image/webp"') ? text : undefined;
      },
      15_000,
    );
    expect(html).toMatch(/<picture[^>]*><source type="image\/webp" srcSet="\/api\/files\/artworks\/[^"]+\.webp 400w/);

    // without the renderer, / is the app shell: its head preloads the hero's WebP copies
    await renderer?.stop();
    renderer = undefined;
    const shell = await (await fetch(`${pb.url}/`)).text();
    expect(shell).not.toContain('<h1');
    const preload = shell.match(/<link[^>]*rel="preload" as="image"[^>]*>/)?.[0];
    expect(preload).toMatch(/type="image\/webp"/);
    expect(preload).toMatch(/imagesrcset="\/api\/files\/site_settings\/[^"]+\.webp 400w/);
    const href = preload!.match(/href="([^"]+)"/)![1]!;
    const res = await fetch(`${pb.url}${href}`);
    expect(res.headers.get('content-type')).toBe('image/webp');
  }, 150_000);
});
