// The hostile-input suite, part two: what a stranger can send in bulk. Bodies the server must
// refuse before it reads them (the Stripe webhook's), made-up page URLs that must not wear the
// page cache down, and the renderer's image endpoint on loopback.
import { createHmac, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietPort } from '../../scripts/lib/pb-run.mjs';
import { startRenderer } from '../../scripts/lib/renderer.mjs';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { startSite, type TestSite } from '../support/site';
import { type StripeStandin, startStripeStandin } from '../support/stripe-standin';

let pb: TestPocketBase;
let stripe: StripeStandin;

beforeAll(async () => {
  stripe = await startStripeStandin();
  pb = await startPocketBase({ env: { ...stripe.env } });
}, 120_000);

afterAll(async () => {
  await pb?.stop();
  await stripe?.stop();
});

interface Answer {
  status: number;
  /** Bytes of the body sent before the answer came (or the connection ended). */
  sent: number;
  body: string;
}

/**
 * A POST that declares `declared` bytes (or sends them chunked when null) but sends only
 * `send` of them, then waits up to `waitMs` for an answer without sending more. A server that
 * reads the body first never answers; one that refuses first answers at once.
 */
function postPartly(
  url: string,
  headers: Record<string, string>,
  opts: { declared: number | null; send: Buffer; waitMs?: number; end?: boolean },
): Promise<Answer> {
  return new Promise((resolve) => {
    const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
    if (opts.declared !== null) all['content-length'] = String(opts.declared);
    const req = request(url, { method: 'POST', headers: all, agent: false });
    let sent = 0;
    const done = (a: Answer) => {
      clearTimeout(timer);
      req.destroy();
      resolve(a);
    };
    const timer = setTimeout(() => done({ status: 0, sent, body: 'no answer' }), opts.waitMs ?? 3000);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, sent, body: Buffer.concat(chunks).toString() }));
      res.on('error', () => done({ status: res.statusCode ?? 0, sent, body: '' }));
    });
    req.on('error', (err) => done({ status: 0, sent, body: String(err) }));
    req.write(opts.send, () => {
      sent += opts.send.byteLength;
      if (opts.end) req.end();
    });
  });
}

function sign(payload: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

describe('the Stripe webhook', () => {
  const url = () => `${pb.url}/api/stripe/webhook`;
  const event = (size: number) => {
    const base = { id: 'evt_big', type: 'checkout.session.expired', data: { object: { id: 'cs_test_big' } } };
    const pad = size - JSON.stringify({ ...base, pad: '' }).length;
    return JSON.stringify({ ...base, pad: 'x'.repeat(Math.max(0, pad)) });
  };

  it('refuses a body declared over 1 MB before reading it, signed or not', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postPartly(
          url(),
          { 'stripe-signature': `t=1,v1=${'0'.repeat(64)}` },
          {
            declared: 31 * 1024 * 1024,
            send: Buffer.alloc(4096, 'x'),
          },
        ),
      ),
    );
    for (const a of answers) expect([a.status, a.sent]).toEqual([413, 4096]);
  });

  it('refuses a chunked body once it passes 1 MB, even with a valid signature', async () => {
    const payload = event(2 * 1024 * 1024);
    const a = await postPartly(
      url(),
      { 'stripe-signature': sign(payload, stripe.webhookSecret) },
      { declared: null, send: Buffer.from(payload), end: true, waitMs: 10_000 },
    );
    expect(a.status).toBe(413);
  });

  it('refuses a request without Stripe-Signature before reading its body', async () => {
    const a = await postPartly(url(), {}, { declared: 512 * 1024, send: Buffer.alloc(100, 'x') });
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body).message).toMatch(/Stripe-Signature/);
  });

  it('still takes a signed event of ordinary size', async () => {
    const payload = event(900 * 1024);
    const res = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, stripe.webhookSecret) },
      body: payload,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe("the renderer's /images endpoint", () => {
  type Renderer = Awaited<ReturnType<typeof startRenderer>>;
  const renderers: Renderer[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'atelier-hostile-images-'));
  const secret = randomBytes(24).toString('base64url');
  let url = '';
  let work = '';
  let jpeg: Buffer;

  /** A renderer whose temp dir is `tmp` and whose work folder is `dir` (made 0700 unless it exists). */
  async function rendererFor(tmp: string, dir: string): Promise<string> {
    const port = await quietPort();
    const env = { ...process.env, TMPDIR: tmp, IMAGE_WORK_DIR: dir, RENDER_SECRET: secret };
    const r = await startRenderer({ port, pbUrl: pb.url, siteUrl: pb.url, env });
    renderers.push(r);
    return r.url;
  }

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a6' } })
      .jpeg()
      .toBuffer();
    const tmp = join(scratch, 'tmp');
    // the work folder at the place the renderer looked for it before it was given one
    work = join(tmp, 'atelier-images');
    mkdirSync(work, { recursive: true, mode: 0o700 });
    url = await rendererFor(tmp, work);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(renderers.map((r) => r.stop()));
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A job folder with the original in it, as the hooks make one. */
  function job(name: string): string {
    const dir = join(work, name);
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'original'), jpeg);
    return join(dir, 'original');
  }

  const ask = async (base: string, body: unknown, auth?: string) => {
    const res = await fetch(`${base}/images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth === undefined ? {} : { authorization: auth }) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as { message?: string } };
  };

  it('answers only PocketBase: without its secret, or with another, nothing is read or written', async () => {
    const src = job('no-secret');
    for (const auth of [undefined, 'Bearer not-the-secret', secret, `Bearer ${secret}x`]) {
      const r = await ask(url, { src, widths: [400] }, auth);
      expect(r.status, String(auth)).toBe(403);
    }
    expect(existsSync(`${src}-w400.webp`)).toBe(false);
    const ok = await ask(url, { src, widths: [400] }, `Bearer ${secret}`);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(existsSync(`${src}-w400.webp`)).toBe(true);
  });

  it('never writes through a link planted where a copy goes', async () => {
    const src = job('planted');
    const victim = join(scratch, 'victim.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, `${src}-w400.webp`);
    const r = await ask(url, { src, widths: [400] }, `Bearer ${secret}`);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('reads only files inside its work folder: no links, no way out', async () => {
    const outside = join(scratch, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'original'), jpeg);
    symlinkSync(outside, join(work, 'linked-dir'));
    symlinkSync(join(outside, 'original'), join(work, 'linked-file'));
    for (const src of [
      join(work, 'linked-dir', 'original'),
      join(work, 'linked-file'),
      `${work}/../outside/original`,
      join(scratch, 'outside', 'original'),
    ]) {
      const r = await ask(url, { src, widths: [400] }, `Bearer ${secret}`);
      expect(r.status, src).toBe(400);
    }
    expect(existsSync(join(outside, 'original-w400.webp'))).toBe(false);
  });

  it('refuses a work folder that others can enter or that is not its own', async () => {
    for (const [label, prepare] of [
      ['open to everyone', (dir: string) => chmodSync(dir, 0o777)],
      ['owned by another user', (dir: string) => chownSync(dir, 65534, 65534)],
    ] as const) {
      const tmp = mkdtempSync(join(scratch, 'other-'));
      const dir = join(tmp, 'atelier-images');
      mkdirSync(dir, { mode: 0o700 });
      mkdirSync(join(dir, 'job'), { mode: 0o700 });
      writeFileSync(join(dir, 'job', 'original'), jpeg);
      prepare(dir);
      const base = await rendererFor(tmp, dir);
      const r = await ask(base, { src: join(dir, 'job', 'original'), widths: [400] }, `Bearer ${secret}`);
      expect(r.status, label).toBe(503);
      expect(existsSync(join(dir, 'job', 'original-w400.webp')), label).toBe(false);
    }
  });
});

describe('a flood of made-up page URLs', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  const get = async (path: string) => {
    const res = await fetch(`${site.pb.url}${path}`);
    return { status: res.status, ssr: res.headers.get('x-ssr'), html: await res.text() };
  };
  const renders = async () =>
    ((await (await fetch(`${site.renderer.url}/stats`)).json()) as { renders: number }).renders;
  const rendered = (html: string) => /<div id="root"><(?!\/div>)/.test(html);

  it('1,000 invented URLs cost a few renders, and every real page is still served rendered and kept', async () => {
    const api = async (path: string) =>
      (await (await fetch(`${site.pb.url}${path}`)).json()) as { items: { slug: string }[] };
    const news = (await api('/api/collections/news_posts/records?perPage=3&sort=-published_at&fields=slug')).items;
    const prints = (await api('/api/collections/prints/records?perPage=2&filter=is_active=true&fields=slug')).items;
    const real = [
      '/',
      '/artworks',
      '/about',
      '/contact',
      '/news',
      '/print-editions',
      '/whispering-game',
      ...news.map((n) => `/news/${n.slug}`),
      ...prints.map((p) => `/print-view?print=${p.slug}`),
    ];
    const kinds = [
      (i: number) => `/news/made-up-post-${i}`,
      (i: number) => `/exhibitions/made-up-show-${i}`,
      (i: number) => `/drop/made-up-drop-${i}`,
      (i: number) => `/made-up-page-${i}`,
      (i: number) => `/print-view?print=made-up-print-${i}`,
      (i: number) => `/print-editions?print=made-up-print-${i}`,
    ];
    const flood = Array.from({ length: 1000 }, (_, i) => kinds[i % kinds.length]!(i));
    const before = await renders();
    const statuses: number[] = [];
    for (let i = 0; i < flood.length; i += 25)
      statuses.push(...(await Promise.all(flood.slice(i, i + 25).map(async (p) => (await get(p)).status))));
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // a made-up slug renders its route's not-found page, shared: a few renders, not a thousand
    expect((await renders()) - before).toBeLessThanOrEqual(12);

    for (const path of real) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(rendered(first.html), `${path} (${first.ssr})`).toBe(true);
      // kept in the store: the next visitor is served from it
      expect((await get(path)).ssr, path).toBe('hit');
    }
  }, 300_000);
});
