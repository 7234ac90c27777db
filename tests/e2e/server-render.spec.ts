// The first HTML of a public page carries the page (rendered by the server renderer from the
// same components), and the browser takes it over as it is: same DOM, no hydration error, no
// second fetch of what the page already holds.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeImageCopies } from '../../scripts/lib/image-copies.mjs';
import { superuserToken } from './accounts';
import { ARTIST, listRecords } from './support';

interface Route {
  path: string;
  heading: string;
  /** Text the rendered page must hold besides its heading. */
  text: string;
}

const ROUTES: Route[] = [
  { path: '/', heading: ARTIST, text: 'Recent Works' },
  { path: '/artworks', heading: 'Artworks', text: 'Lantern Bearer' },
  { path: '/print-editions', heading: 'Print Editions', text: '€240' },
  { path: '/print-view', heading: 'The Whispering Room', text: '€240' },
  { path: '/news', heading: 'News', text: 'Back to' },
  { path: '/whispering-game', heading: 'The Whispering Game', text: 'Curriculum' },
];

async function withNewsPost(request: Parameters<typeof listRecords>[0]): Promise<Route[]> {
  const posts = await listRecords<{ slug: string; title: string }>(request, 'news_posts', {
    sort: '-published_at',
    perPage: '1',
  });
  const post = posts.items[0]!;
  // the list links to the post; the post page shows its own title
  return [
    { ...ROUTES[4]!, text: `/news/${post.slug}` },
    { path: `/news/${post.slug}`, heading: post.title, text: 'Back to News' },
  ];
}

async function routes(request: Parameters<typeof listRecords>[0]): Promise<Route[]> {
  const news = await withNewsPost(request);
  return [...ROUTES.slice(0, 4), ...news, ROUTES[5]!];
}

/** Remembers the server's elements as the HTML parser leaves them, before any script ran. */
async function markServerElements(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { serverElements: Element[] }).serverElements = [...document.querySelectorAll('#root *')];
    });
  });
}

/** Hydrated: React has attached itself to the server's elements and thrown none away. */
async function expectServerElementsKept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.querySelector('#root h1') ?? {}).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
  const kept = await page.evaluate(() => {
    const before = (window as unknown as { serverElements?: Element[] }).serverElements ?? [];
    return { total: before.length, replaced: before.filter((e) => !e.isConnected).map((e) => e.tagName) };
  });
  expect(kept.total, 'elements in the server HTML').toBeGreaterThan(20);
  expect(kept.replaced, 'server elements React threw away').toEqual([]);
}

test.describe('first HTML', () => {
  test('every public page arrives with its heading, content and a responsive LCP image', async ({ request }) => {
    for (const route of await routes(request)) {
      const res = await request.get(route.path);
      expect(res.status(), route.path).toBe(200);
      const html = await res.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root, route.path).toMatch(new RegExp(`<h1\\b[^>]*>${asHtmlPattern(route.heading)}</h1>`));
      expect(root, route.path).toContain(route.text.replace(/&/g, '&amp;'));
      if (route.path !== '/news' && route.path !== '/artworks') {
        expect(root, `${route.path}: LCP image`).toMatch(/<img\b[^>]*srcSet="[^"]+"[^>]*fetchPriority="high"/);
      }
    }
  });
});

test.describe("the app's scripts", () => {
  // Chunks that arrive between the main thread's paint and the frame on the screen compete with
  // it, and Lighthouse counts every one as holding the paint back (boot-after-paint.ts)
  for (const path of ['/print-editions', '/whispering-game']) {
    test(`${path}: are asked for once the hero image is on the screen`, async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { heroShown?: number };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null; renderTime: number })[])
            if (e.element?.getAttribute('fetchpriority') === 'high') w.heroShown ??= e.renderTime;
        }).observe({ type: 'element', buffered: true });
      });
      await page.goto(path);
      const { shown, asked } = await page.evaluate(() => {
        const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
        const res = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === entry);
        return { shown: (window as unknown as { heroShown?: number }).heroShown ?? 0, asked: res?.startTime ?? -1 };
      });
      expect(shown, 'the hero was reported shown').toBeGreaterThan(0);
      expect(asked, 'the entry script was asked for after the hero was shown').toBeGreaterThanOrEqual(shown);
    });
  }
});

test.describe("a page's chunks", () => {
  for (const path of ['/print-editions', '/print-view']) {
    test(`${path}: every script the page hydrates with was asked for with the app's start`, async ({ page }) => {
      await page.addInitScript(() => {
        // (no <html> yet when this runs)
        new MutationObserver((_, observer) => {
          if (!document.documentElement?.hasAttribute('data-hydrated')) return;
          (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
          observer.disconnect();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
      });
      await page.goto(path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const { listed, before } = await page.evaluate(() => {
        const boot = document.querySelector('script[data-boot]');
        const at = (window as unknown as { hydratedAt: number }).hydratedAt;
        return {
          listed: [boot?.getAttribute('data-entry'), ...(boot?.getAttribute('data-preload') ?? '').split(' ')],
          before: performance
            .getEntriesByType('resource')
            .filter((r) => r.startTime < at)
            .map((r) => new URL(r.name).pathname)
            .filter((p) => p.startsWith('/assets/') && p.endsWith('.js')),
        };
      });
      // none was found only once the app's router had run (a round trip later on a phone)
      expect(before.filter((p) => !listed.includes(p))).toEqual([]);
      expect(before.some((p) => p.includes(path.slice(1)))).toBe(true);
    });
  }
});

test.describe('hydration', () => {
  // a visitor whose currency (USD) is not the default (EUR): the server renders their prices
  // in it, and hydration keeps them
  test.use({ locale: 'en-US' });

  // one test per page: each is a first visit (once its service worker runs, the app opens
  // from the shell)
  for (const fixed of [...ROUTES, { path: '/news/<latest>', heading: '', text: '' }]) {
    test(`${fixed.path}: keeps the server DOM, logs no error, fetches none of its data again`, async ({
      page,
      request,
    }) => {
      const route = fixed.path === '/news/<latest>' ? (await withNewsPost(request))[1]! : fixed;
      // A server without exchange rates of its own (the demo data) sends none with the page,
      // and the browser asks for them itself (it may have a saved copy); otherwise they come along.
      const serverRates = await listRecords(request, 'exchange_rates', { perPage: '1' });
      const printPage = /^\/print-/.test(route.path);
      const expectedReads = [
        ...(serverRates.totalItems === 0 && printPage ? ['exchange_rates'] : []),
        // the live edition count (src/lib/stock/live-stock.ts) reads the counts once its
        // realtime subscription is up: a kept page may be older than the stock
        ...(printPage ? ['print_stock'] : []),
      ];
      await markServerElements(page);
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      const dataRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/collections/')) dataRequests.push(r.url());
      });

      await page.goto(route.path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      if (route.text.startsWith('€')) await expect(page.getByText('$275').first()).toBeVisible();
      await expectServerElementsKept(page);
      expect(errors, 'console errors').toEqual([]);
      const collections = [...new Set(dataRequests.map((u) => new URL(u).pathname.split('/')[3]))].sort();
      expect(collections, 'data read again after the server rendered the page').toEqual(expectedReads);
    });
  }

  // a path no page has and a content page nobody wrote: the server's not-found page is the app's
  for (const path of ['/some/where/else', '/no-such-page', '/news/in-the-hollow-opens/more']) {
    test(`${path}: the not-found page, kept as the server sent it`, async ({ page }) => {
      await markServerElements(page);
      const errors: string[] = [];
      page.on('console', (m) => {
        // the document's own 404 is the point
        if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      expect((await page.goto(path, { waitUntil: 'networkidle' }))?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
      await expectServerElementsKept(page);
      expect(errors, 'console errors').toEqual([]);
    });
  }

  test('the page works once hydrated: navigating in the app and adding a print to the cart', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'View Print' }).click();
    await expect(page).toHaveURL(/\/print-editions\?print=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Print Editions' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');
  });
});

test('images arrive as the server’s WebP copies, sized for the screen, the JPEG thumbs their fallback', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // the cron job makes them within a minute of the server starting; make them now
  await makeImageCopies(test.info().project.use.baseURL!, await superuserToken());
  await page.goto('/artworks');
  const lcp = page.locator('#root picture img[fetchpriority="high"]');
  await expect(lcp).toHaveCount(1);
  await expect(page.locator('#root picture source[type="image/webp"]').first()).toHaveAttribute(
    'srcset',
    /\.webp 400w/,
  );
  await expect.poll(() => lcp.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const { current, fallback } = await lcp.evaluate((img: HTMLImageElement) => ({
    current: img.currentSrc,
    fallback: img.srcset,
  }));
  expect(current).toMatch(/\/api\/files\/artworks\/[^?]+\.webp$/);
  expect(fallback).toMatch(/thumb=400x0 400w/);
  // the copy taken fills the slot: at least its device pixels, or the widest copy there is
  const fit = await lcp.evaluate((img: HTMLImageElement) => {
    const source = img.parentElement?.querySelector('source');
    const candidates = (source?.srcset ?? '').split(', ').map((c) => {
      const [url, w] = c.split(' ');
      return { url: new URL(url!, location.href).href, width: Number.parseInt(w!, 10) };
    });
    return {
      taken: candidates.find((c) => c.url === img.currentSrc)?.width ?? 0,
      widest: Math.max(...candidates.map((c) => c.width)),
      needed: img.getBoundingClientRect().width * devicePixelRatio,
    };
  });
  expect(fit.taken).toBeGreaterThanOrEqual(Math.min(fit.needed, fit.widest));
});

test("a print's thumbnails take the smallest WebP copy, not the JPEG thumb", async ({ page }) => {
  test.setTimeout(240_000);
  await makeImageCopies(test.info().project.use.baseURL!, await superuserToken());
  const jpegThumbs: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/files\/prints\/.*\?thumb=/.test(r.url())) jpegThumbs.push(r.url());
  });
  await page.goto('/print-view');
  const thumbs = page.getByRole('list', { name: 'Images of this work' }).locator('img');
  await thumbs.last().scrollIntoViewIfNeeded();
  await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
  const main = await page.locator('#root img[fetchpriority="high"]').evaluate((i: HTMLImageElement) => i.currentSrc);
  const taken = await thumbs.evaluateAll((imgs) =>
    imgs.map((img) => {
      const source = img.parentElement?.querySelector('source[type="image/webp"]');
      const candidates = (source?.getAttribute('srcset') ?? '').split(', ').map((c) => c.split(' '));
      const src = (img as HTMLImageElement).currentSrc;
      return { src, width: candidates.find(([url]) => new URL(url!, location.href).href === src)?.[1] };
    }),
  );
  expect(taken.length, 'thumbnails on the page').toBeGreaterThan(1);
  // the main image's own thumbnail may show the copy the large view already holds
  for (const t of taken) expect(t.src === main || t.width === '400w', t.src).toBe(true);
  expect(jpegThumbs, 'JPEG thumbs fetched').toEqual([]);
});

test.describe('without JavaScript', () => {
  // a browser preferring Irish English: euros
  test.use({ javaScriptEnabled: false, locale: 'en-IE' });

  test('pages read: text, images and links that go somewhere', async ({ page }) => {
    await page.goto('/print-editions');
    await expect(page.getByRole('heading', { level: 1, name: 'Print Editions' })).toBeVisible();
    await expect(page.getByText('€240').first()).toBeVisible();
    const lcp = page.locator('#root img[fetchpriority="high"]');
    await expect(lcp).toHaveCount(1);
    await expect.poll(() => lcp.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.getByRole('link', { name: 'News' }).first().click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await page.locator('#root a[href^="/news/"]').first().click();
    await expect(page.locator('article h1')).toBeVisible();
  });
});

function asHtmlPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '&amp;');
}
