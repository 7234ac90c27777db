// Public pages come from the server renderer (dist-ssr/, beside PocketBase) with their content
// in the first HTML; PocketBase keeps each finished page a few seconds and falls back to the
// app shell when the renderer is gone. Needs the build (`npm test` builds before this step).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPocketBase } from '../support/pocketbase';
import { startSite, type TestRenderer, type TestSite } from '../support/site';
import { makeSeams, type Seams } from '../support/test-seam';
import { api } from './helpers';

let site: TestSite;
let pb: TestPocketBase;
let renderer: TestRenderer;
let seams: Seams;

beforeAll(async () => {
  seams = makeSeams();
  // a proxy stands in front of the renderer, so a test can make one page's render slow
  site = await startSite({ slowRenders: true, env: seams.env });
  ({ pb, renderer } = site);
}, 60_000);

afterAll(async () => {
  await site?.stop();
  seams?.remove();
});

/** Pages the renderer has rendered since it started. */
const renders = async () => ((await (await fetch(`${renderer.url}/stats`)).json()) as { renders: number }).renders;

let postSeq = 0;
/** Published news posts nobody has asked for yet; returns their page paths. */
async function newPosts(n: number, prefix = 'cache-probe'): Promise<string[]> {
  const paths: string[] = [];
  for (let start = 0; start < n; start += 100) {
    const requests = [];
    for (let i = start; i < Math.min(n, start + 100); i++) {
      const slug = `${prefix}-${++postSeq}`;
      paths.push(`/news/${slug}`);
      requests.push({
        method: 'POST',
        url: '/api/collections/news_posts/records',
        body: {
          slug,
          title: `Post ${slug}`,
          excerpt: 'x',
          content: '<p>x</p>',
          is_published: true,
          published_at: '2026-01-01 10:00:00.000Z',
        },
      });
    }
    const res = await api(pb, 'POST', '/api/batch', pb.superuser.token, { requests });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  }
  return paths;
}

async function page(path: string) {
  const res = await fetch(`${pb.url}${path}`);
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The #root markup of a page (what React rendered), without the head. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

async function firstNewsSlug(): Promise<string> {
  const res = await fetch(`${pb.url}/api/collections/news_posts/records?perPage=1&sort=-published_at&fields=slug`);
  const body = (await res.json()) as { items: { slug: string }[] };
  return body.items[0]!.slug;
}

/** The LCP image: eager, high priority, with a srcset and sizes to pick a phone-sized file. */
function expectLcpImage(html: string) {
  const img = rootOf(html).match(/<img\b[^>]*fetchPriority="high"[^>]*>/)?.[0];
  expect(img, 'an <img fetchpriority=high> in the rendered page').toBeTruthy();
  expect(img).toMatch(/srcSet="[^"]*400w[^"]*800w/);
  expect(img).toMatch(/sizes="[^"]+"/);
  expect(img).toMatch(/loading="eager"/);
}

describe('server-rendered public pages', () => {
  it('/: the artist, recent works and the print teaser, hero image first', async () => {
    const { status, html, headers } = await page('/');
    expect(status).toBe(200);
    expect(headers.get('x-ssr')).toMatch(/miss|hit|wait/);
    expect(rootOf(html)).toMatch(/<h1\b[^>]*>Elin Vinter<\/h1>/);
    expect(rootOf(html)).toContain('Recent Works');
    expect(rootOf(html)).toContain('View Print');
    expectLcpImage(html);
    // the query state travels as an inert JSON block and the shell's no-JS note is gone
    expect(html).toMatch(/<script type="application\/json" id="__rq_state" data-currency="eur">\{/);
    expect(html).not.toContain('<noscript>');
  });

  it("a form's result page: rendered for its visitor in the site's layout, never kept or indexed", async () => {
    const refused = await page('/result/contact?outcome=invalid&errors=email.invalid_email&back=/contact&x=1');
    expect(refused.status).toBe(200);
    expect(refused.headers.get('x-ssr')).toBe('miss');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const root = rootOf(refused.html);
    expect(root).toMatch(/<h1\b[^>]*>Failed to send<\/h1>/);
    expect(root).toContain('Email: Please enter a valid email address.');
    expect(root).toContain('href="/contact"');
    expect(root).toContain('<footer');
    expect(refused.html).toMatch(/<meta data-default-head name="robots" content="noindex"/);
    // rendered again for the next visitor: not served from the page store
    expect((await page('/result/contact?outcome=sent')).headers.get('x-ssr')).toBe('miss');
    expect((await page('/result/contact?outcome=sent')).headers.get('x-ssr')).toBe('miss');
    // a form the site does not have is the not-found page
    expect((await page('/result/elsewhere?outcome=sent')).status).toBe(404);
  });

  it('the inline boot script is allowed by its hash, and no other inline script is', async () => {
    for (const path of ['/', '/my-courses']) {
      const { html, headers } = await page(path);
      const boot = /<script data-boot\b[^>]*>([\s\S]*?)<\/script>/.exec(html);
      expect(boot, `${path}: the boot script`).not.toBeNull();
      const hash = createHash('sha256').update(boot![1]!, 'utf8').digest('base64');
      const scriptSrc = /script-src ([^;]+)/.exec(headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
      expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
      // it runs before the first paint: ahead of the stylesheet, in <head>
      expect(html.indexOf('data-boot')).toBeLessThan(html.indexOf('rel="stylesheet"'));
    }
  });

  it('/artworks: the grid of works with their images', async () => {
    const { html } = await page('/artworks');
    const root = rootOf(html);
    expect(root).toMatch(/<h1\b[^>]*>Artworks<\/h1>/);
    expect(root).toContain('The Whispering Room');
    expect(root).toContain('Lantern Bearer');
    expect(root).toMatch(/<img\b[^>]*srcSet="[^"]*artworks[^"]*400w/);
  });

  it("a page's boot script asks for its route's chunks with the app's start, each once", async () => {
    const boot = (html: string) => {
      const tag = /<script data-boot\b[^>]*>/.exec(html)?.[0] ?? '';
      const preload = (/data-preload="([^"]*)"/.exec(tag)?.[1] ?? '').split(' ').filter(Boolean);
      return { entry: /data-entry="([^"]*)"/.exec(tag)?.[1] ?? '', preload };
    };
    // the shell (an account page): the app's start chunks only
    const shell = boot((await page('/my-courses')).html).preload;
    const named = (hrefs: string[]) => hrefs.map((h) => /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(h)?.[1] ?? h);
    const ownOf = async (path: string) => {
      const { entry, preload } = boot((await page(path)).html);
      expect(new Set(preload).size, `${path}: listed once each`).toBe(preload.length);
      expect(preload, path).not.toContain(entry);
      expect(preload.slice(0, shell.length), `${path}: the start chunks first`).toEqual(shell);
      const own = preload.slice(shell.length);
      for (const href of own) expect(existsSync(resolve('dist', href.slice(1))), href).toBe(true);
      return named(own);
    };
    expect(await ownOf('/print-editions')).toEqual(
      expect.arrayContaining(['print-editions', 'live-stock', 'availability', 'ShopPage.css']),
    );
    expect(await ownOf('/print-view')).toEqual(expect.arrayContaining(['print-view', 'PrintViewPage', 'ImageGallery']));
    const post = await ownOf(`/news/${await firstNewsSlug()}`);
    expect(post).toEqual(expect.arrayContaining(['news._slug', 'NewsPostPage']));
    expect(post).not.toContain('print-editions');
    expect(await ownOf('/whispering-game')).toContain('whispering-game');
  });

  it('links the stylesheet in <head>, so the page paints styled before any script loads', async () => {
    const { html } = await page('/print-editions');
    const head = html.slice(0, html.indexOf('</head>'));
    // one sheet for every page (vite.config.ts cssCodeSplit: false): no request per route
    const sheets = [...head.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
    expect(sheets).toHaveLength(1);
    // no script file holds the first paint: the only script in <head> is the inline boot script
    expect(head).not.toMatch(/<script\b[^>]*\bsrc=/);
    const res = await fetch(`${pb.url}${sheets[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('/print-editions and /print-view: prints with their prices in euros', async () => {
    const list = rootOf((await page('/print-editions')).html);
    expect(list).toMatch(/<h1\b[^>]*>Print Editions<\/h1>/);
    expect(list).toContain('€240');
    expect(list).toContain('€180');
    expectLcpImage(list);
    // the images below the first are not fetched before they are needed
    expect(list.match(/loading="lazy"/g)?.length ?? 0).toBeGreaterThan(0);

    const one = rootOf((await page('/print-view?print=lantern-bearer-print')).html);
    expect(one).toMatch(/<h1\b[^>]*>Lantern Bearer<\/h1>/);
    expect(one).toContain('€180');
    expectLcpImage(one);
  });

  it("prices in the visitor's currency from the first byte: their stored choice, else their first language; one kept copy each", async () => {
    const get = async (headers: Record<string, string>) => {
      const res = await fetch(`${pb.url}/print-view?print=lantern-bearer-print`, { headers });
      const html = await res.text();
      return { how: res.headers.get('x-ssr'), vary: res.headers.get('vary') ?? '', html, root: rootOf(html) };
    };
    const euro = await get({ 'accept-language': 'en-GB,en;q=0.9' });
    const swedish = await get({ 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.8' });
    const american = await get({ 'accept-language': 'en-US,en;q=0.9' });
    // a stored choice (the app's cookie) wins over the language; a made-up value is ignored
    const chosen = await get({ 'accept-language': 'sv-SE', cookie: 'theme=x; atelier_currency=usd' });
    const madeUp = await get({ 'accept-language': 'sv-SE', cookie: 'atelier_currency=btc' });
    expect(euro.root).toContain('€180');
    expect(swedish.root).toMatch(/\d[\d\s\u00a0]*kr/);
    expect(swedish.root).not.toContain('€180');
    expect(american.root).toMatch(/\$\d/);
    expect(chosen.root).toMatch(/\$\d/);
    expect(madeUp.root).toMatch(/\d[\d\s\u00a0]*kr/);
    // the page says which currency it shows (the app hydrates with it), and shared caches
    // keep a copy per language and cookie
    expect(swedish.html).toContain('id="__rq_state" data-currency="sek"');
    expect(chosen.html).toContain('id="__rq_state" data-currency="usd"');
    for (const r of [euro, swedish, american]) expect(r.vary).toMatch(/Accept-Language, Cookie/);
    // each currency is kept apart: asked again, each is served from the store as it was
    const again = await get({ 'accept-language': 'sv' });
    expect(again.how).toBe('hit');
    expect(again.root).toBe(swedish.root);
    expect((await get({ 'accept-language': 'de-DE' })).root).toBe(euro.root);
  });

  it('/news and /news/<slug>: the list, and the article with its sanitized body', async () => {
    const list = rootOf((await page('/news')).html);
    expect(list).toMatch(/<h1\b[^>]*>News<\/h1>/);
    const slug = await firstNewsSlug();
    expect(list).toContain(`href="/news/${slug}"`);

    const { status, html } = await page(`/news/${slug}`);
    expect(status).toBe(200);
    const article = rootOf(html);
    expect(article).toMatch(/<article\b/);
    expect(article).toMatch(/<h1\b[^>]*>[^<]+<\/h1>/);
    expect(article).toMatch(/<p>[^<]{20,}/);
    expect(article).not.toMatch(/<script\b(?![^>]*type="application\/json")/);
    expectLcpImage(article);
  });

  it('/whispering-game: the course, its price and the whole curriculum', async () => {
    const root = rootOf((await page('/whispering-game')).html);
    expect(root).toMatch(/<h1\b[^>]*>The Whispering Game<\/h1>/);
    expect(root).toMatch(/\$139|€\d+/);
    expect(root).toMatch(/Curriculum/i);
    expectLcpImage(root);
  });

  it('an unknown news slug is rendered as the article-not-found page, a 404 kept out of search', async () => {
    const { html, status } = await page('/news/no-such-post-here');
    expect(status).toBe(404);
    expect(rootOf(html)).toMatch(/<h1\b[^>]*>Article Not Found<\/h1>/);
    expect(html).toMatch(/<meta data-default-head name="robots" content="noindex"/);
  });

  it("a path no page has is the site's not-found page from the first byte: one rendering for all, a 404 kept out of search", async () => {
    const before = await renders();
    for (const path of ['/some/where/else', '/news/in-the-hollow-opens/more', '/course/x/y/z/w']) {
      const { html, status, headers } = await page(path);
      expect(status, path).toBe(404);
      expect(headers.get('x-ssr'), path).toMatch(/^(hit|miss|wait)$/);
      expect(rootOf(html), path).toMatch(/<h1\b[^>]*>404<\/h1>/);
      expect(rootOf(html), path).toContain('Oops! Page not found');
      expect(html, path).toMatch(/<meta data-default-head name="robots" content="noindex"/);
      expect(html, path).toMatch(/<title data-default-head>Page not found \|/);
      expect(html, path).not.toContain('<noscript>');
    }
    expect((await renders()) - before).toBeLessThanOrEqual(1);
  });

  it("pages the server does not render get the site's frame (the top bar, a loading line): one render for all, no state", async () => {
    const before = await renders();
    for (const path of ['/my-courses', '/auth', '/viewing-room', '/payment-success', '/course/x/chapter/y']) {
      const { html, headers, status } = await page(path);
      expect(status, path).toBe(200);
      expect(headers.get('x-ssr'), path).toMatch(/^(hit|miss|wait)$/);
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root, path).toMatch(/^<div id="root" data-frame>/);
      expect(root, path).toMatch(/<header\b[\s\S]*<nav aria-label="Main"/);
      expect(root, path).toContain('Loading…');
      // nothing of a page: no heading, no footer, no state to hydrate with
      expect(root, path).not.toMatch(/<h1\b|<footer\b/);
      expect(html, path).not.toContain('__rq_state');
      // without scripts the page stops at its frame: the note says why
      expect(html, path).toContain('<noscript>');
    }
    // its own head still: the page's title
    expect((await page('/auth')).html).toMatch(/<title data-default-head>Sign In \|/);
    expect((await renders()) - before).toBeLessThanOrEqual(1);
  });

  it('pages go out gzipped', async () => {
    const res = await new Promise<{ encoding?: string }>((done, fail) => {
      request(`${pb.url}/artworks`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        r.resume();
        done({ encoding: r.headers['content-encoding'] });
      })
        .on('error', fail)
        .end();
    });
    expect(res.encoding).toBe('gzip');
  });
});

describe('the page cache', () => {
  it('renders a page once for requests within a few seconds, and serves them the same page', async () => {
    // a page no other test asks for, so its first request renders it
    const [path] = (await newPosts(1)) as [string];
    const first = await page(path);
    const second = await page(path);
    const third = await page(path);
    expect(first.headers.get('x-ssr')).toBe('miss');
    expect(second.headers.get('x-ssr')).toBe('hit');
    expect(third.headers.get('x-ssr')).toBe('hit');
    const seq = first.headers.get('x-render-seq');
    expect(seq).toMatch(/^\d+$/);
    expect(second.headers.get('x-render-seq')).toBe(seq);
    expect(third.headers.get('x-render-seq')).toBe(seq);
    expect(second.html).toBe(first.html);
  });

  it('a crowd arriving at once at a page nobody has rendered gets it from one render', async () => {
    const [path] = (await newPosts(1)) as [string];
    const crowd = await Promise.all(Array.from({ length: 8 }, () => page(path)));
    const seqs = new Set(crowd.map((r) => r.headers.get('x-render-seq')).filter(Boolean));
    expect(crowd.filter((r) => r.headers.get('x-ssr') === 'miss')).toHaveLength(1);
    expect(seqs.size).toBe(1);
  });

  it('a request that finds no page, then its render done by another before its turn, serves that one', async () => {
    // the crowd above, one step at a time: B looked and found nothing; A renders and stores the
    // page; B's claim then succeeds (A released it) and must not render the page a second time
    const [path] = (await newPosts(1)) as [string];
    const before = await renders();
    let first: Awaited<ReturnType<typeof page>> | undefined;
    const late = await seams.holdDuring(
      'ssr-claim',
      () => page(path),
      async () => {
        first = await page(path);
      },
    );
    expect(first?.headers.get('x-ssr')).toBe('miss');
    expect(late.headers.get('x-ssr')).toBe('hit');
    expect(late.headers.get('x-render-seq')).toBe(first?.headers.get('x-render-seq'));
    expect((await renders()) - before).toBe(1);
  });

  it("made-up slugs share one rendering of their route's not-found page, kept apart from the pages", async () => {
    const before = await renders();
    for (let i = 0; i < 6; i++) {
      const { status, html } = await page(`/news/made-up-${i}`);
      expect(status).toBe(404);
      expect(rootOf(html)).toMatch(/<h1\b[^>]*>Article Not Found<\/h1>/);
      // the head is still the path's own
      expect(html).toContain(`/news/made-up-${i}"`);
    }
    const pages = await page('/made-up-content-page');
    expect(pages.status).toBe(404);
    await page('/made-up-content-page-too');
    expect((await renders()) - before).toBeLessThanOrEqual(2);
  });

  it('when the store is full, a new page is kept and the least recently served one goes', async () => {
    // more pages than the store keeps (300), each asked for once; the newest stay served from it
    const paths = await newPosts(320, 'lru-probe');
    for (let i = 0; i < paths.length; i += 8) {
      // the renderer reads a post from news_posts with a budget of 300 per 10 s (a read refused
      // makes a page the uncached shell): the pages are paced to stay within it
      if (i === 240) await new Promise((r) => setTimeout(r, 10_500));
      await Promise.all(paths.slice(i, i + 8).map((p) => page(p)));
    }
    for (const path of paths.slice(-4)) expect((await page(path)).headers.get('x-ssr'), path).toBe('hit');
    // 320 renders spent the renderer's own API budget (300 reads per 10 s): the next tests render
    await new Promise((r) => setTimeout(r, 10_500));
  }, 240_000);

  it('a slow render costs only its own request: the pages after it are still rendered', async () => {
    const [slow, next] = (await newPosts(2)) as [string, string];
    site.slowRenders.set(slow, 1500);
    const first = await page(slow);
    // past the 1 s it may take: this request gets the app shell, nothing else changes
    expect(first.headers.get('x-ssr')).toBe('down');
    const after = await page(next);
    expect(after.headers.get('x-ssr')).toBe('miss');
    expect(rootOf(after.html)).toMatch(/<h1\b/);
    site.slowRenders.delete(slow);
  });

  it("visitors spending 127.0.0.1's API budget do not starve the renderer's reads", async () => {
    const [path] = (await newPosts(1)) as [string];
    // PocketBase allows 300 API requests per 10 s per address: spend them from here
    const statuses = await Promise.all(
      Array.from({ length: 320 }, () =>
        fetch(`${pb.url}/api/collections/artworks/records?perPage=1`).then((r) => r.status),
      ),
    );
    expect(statuses).toContain(429);
    const rendered = await page(path);
    expect(rendered.headers.get('x-ssr')).toBe('miss');
    expect(rootOf(rendered.html)).toMatch(/<h1\b/);
    // the next tests read the API from here again
    await new Promise((r) => setTimeout(r, 10_500));
  }, 30_000);

  it('a page whose data the renderer could not read is served as the shell and not kept', async () => {
    // the renderer's reads come from 127.0.0.2, with a budget of 300 API reads per fixed 10 s window
    // for each collection's list (PocketBase keys its limits by collection and route): the
    // article's read is a news_posts list
    const fromRenderer = () =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(`${pb.url}/api/collections/news_posts/records?perPage=1`);
        request(url, { localAddress: '127.0.0.2' }, (r) => {
          r.resume();
          r.on('end', () => resolve(r.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      });
    const spend = async () => (await Promise.all(Array.from({ length: 320 }, fromRenderer))).includes(429);
    // a 429 just before and just after the render puts the render in one spent window (a new
    // window could not be spent by the render's few reads); else the window turned: again
    for (let attempt = 1; ; attempt++) {
      const [path] = (await newPosts(1, 'unread-probe')) as [string];
      expect(await spend()).toBe(true);
      const refused = await page(path);
      if ((await fromRenderer()) !== 429) {
        expect(attempt, 'the rate-limit window turned during each render').toBeLessThan(3);
        await new Promise((r) => setTimeout(r, 10_500));
        continue;
      }
      expect(refused.status).toBe(200);
      expect(refused.headers.get('x-ssr')).toBe('down');
      expect(refused.html).toContain('<div id="root"></div>');
      await new Promise((r) => setTimeout(r, 10_500));
      // nothing was kept of the failed render: the page is rendered now, with its article
      const rendered = await page(path);
      expect(rendered.headers.get('x-ssr')).toBe('miss');
      expect(rootOf(rendered.html)).toMatch(/<h1\b/);
      return;
    }
  }, 90_000);

  it('query strings other than ?print= share one cached page', async () => {
    const a = await page('/artworks?utm_source=newsletter');
    const b = await page('/artworks?utm_campaign=drop');
    expect(b.headers.get('x-render-seq')).toBe(a.headers.get('x-render-seq'));
  });
});

// Last: it stops the renderer.
describe('without the renderer', () => {
  it('serves the app shell at once, and the app renders the page in the browser', async () => {
    await page('/news');
    await renderer.stop();
    // a page rendered a moment ago is still served; one that is not in the cache gets the shell
    const { status, html, headers } = await page('/news?from=shell');
    const uncached = await page('/contact');
    expect(status).toBe(200);
    expect(headers.get('x-ssr')).toMatch(/hit|stale/); // /news was rendered above and is still kept
    expect(html).toContain('__rq_state');
    expect(uncached.status).toBe(200);
    expect(uncached.headers.get('x-ssr')).toBe('down');
    expect(uncached.html).toContain('<div id="root"></div>');
    // the scripts come through the inline boot script (scripts/vite/boot-after-paint.ts)
    expect(uncached.html).toMatch(/<script data-boot data-entry="\/assets\/index-/);
    // the shell still carries the page's own head from the hooks
    expect(uncached.html).toMatch(/<title data-default-head>Contact \|/);
    // what does not exist is still said to be so: its route's kept not-found page, else the shell (the
    // app's not-found page in the browser), either as a 404
    for (const path of ['/no/such/place', '/news/no-such-post-while-down', '/exhibitions/none-while-down']) {
      const gone = await page(path);
      expect(gone.status, path).toBe(404);
      expect(gone.headers.get('x-ssr'), path).toMatch(/^(hit|stale|down)$/);
    }
    expect((await page('/exhibitions/none-while-down')).html).toContain('<div id="root"></div>');

    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(`${pb.url}/print-editions?print=lantern-bearer-print`);
      await tab.getByRole('heading', { level: 1, name: 'Print Editions' }).waitFor();
      await tab.getByRole('heading', { name: 'Lantern Bearer' }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
