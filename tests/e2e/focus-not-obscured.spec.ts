// WCAG 2.2 SC 2.4.11 (Focus Not Obscured): nothing of the site's own hides the focused control.
// With the consent banner up (ANALYTICS_SCRIPT_URL set) each public page is tabbed through
// from its top at 390×844 (phone) and 1280×720 (desktop); at every stop the focused element
// must not intersect the banner or a toast (the "Ready to work offline" toast arrives while
// tabbing: the service worker is on). A control taller than the room the banner and toasts
// leave (an artwork card on a phone) cannot clear them; it passes when its start shows below
// the top bar and under none of them (the page scrolls its start into view). The banner is among the first stops after the skip
// link, and the first toast never lies over the banner's Accept/Decline.
import type { Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';

const test = base.extend({
  viewport: async ({ isMobile }, use) => {
    await use(isMobile ? { width: 390, height: 844 } : { width: 1280, height: 720 });
  },
});
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

let pb: TestPocketBase;
test.beforeAll(async () => {
  // the banner only needs a configured script; it is never loaded here (nobody accepts)
  pb = await startPocketBase({ seed: true, env: { ANALYTICS_SCRIPT_URL: 'http://127.0.0.1:9/script.js' } });
});
test.afterAll(async () => {
  await pb?.stop();
});

const PAGES = [
  '/',
  '/artworks',
  '/about',
  '/contact',
  '/news',
  '/news/in-the-hollow-opens',
  '/print-editions',
  '/print-view?print=lantern-bearer-print',
  '/viewing-room?artwork=lantern-bearer',
  '/drop/print-drop',
  '/exhibitions/in-the-hollow',
  '/whispering-game',
  '/auth',
  '/privacy',
];

interface Stop {
  name: string;
  inBanner: boolean;
  covered: string[];
  /** Taller than the room between the top bar and the banner, with its top edge in that room. */
  tallButStartShown: boolean;
}

/** The focused element, and which of the site's own layers (banner, toasts) intersect it. */
function focusStop(page: Page): Promise<Stop | null> {
  return page.evaluate(async () => {
    // what the visitor sees: the next frames, after the scrolls that follow a focus
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    const banner = document.querySelector('[data-testid="consent-banner"]');
    const layers = [
      ...(banner ? [{ name: 'consent banner', node: banner }] : []),
      ...Array.from(document.querySelectorAll('ol[aria-label="Notifications"] > li'), (node) => ({
        name: `toast "${node.textContent?.slice(0, 40)}"`,
        node,
      })),
    ];
    const covered = layers
      .filter(({ node }) => !node.contains(el))
      .filter(({ node }) => {
        const o = node.getBoundingClientRect();
        return o.left < r.right && r.left < o.right && o.top < r.bottom && r.top < o.bottom;
      })
      .map(({ name }) => name);
    // a control taller than the room between the top bar and the banner: its start (the first
    // 40 px in view) shows in that room and nothing of the site's own lies over it
    const roomTop = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    // the room ends 8 px above the highest layer at the bottom: the banner or toasts standing on it
    const roomBottom =
      Math.min(
        window.innerHeight,
        ...layers.map(({ node }) => node.getBoundingClientRect().top).filter((top) => top > window.innerHeight / 2),
      ) - 8;
    const start = Math.max(r.top, roomTop);
    const strip = { left: r.left, right: r.right, top: start, bottom: start + 40 };
    const tallButStartShown =
      r.height > roomBottom - roomTop &&
      r.top >= roomTop - 8 &&
      strip.bottom <= roomBottom &&
      layers.every(({ node }) => {
        const o = node.getBoundingClientRect();
        return !(o.left < strip.right && strip.left < o.right && o.top < strip.bottom && strip.top < o.bottom);
      });
    const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const name = `${el.tagName.toLowerCase()} "${label}" at ${Math.round(r.top)}–${Math.round(r.bottom)}px`;
    return { name, inBanner: !!banner?.contains(el), covered, tallButStartShown };
  });
}

for (const path of PAGES) {
  test(`tabbing ${path} with the consent banner up: no focus stop is covered`, async ({ page }) => {
    await page.goto(`${pb.url}${path}`);
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    const seen = new Set<string>();
    const hidden: string[] = [];
    let firstBannerStop = -1;
    for (let i = 1; i <= 150; i++) {
      await page.keyboard.press('Tab');
      const stop = await focusStop(page);
      if (!stop) break;
      // back at a stop seen before: the page has been walked through
      const key = stop.name.replace(/ at .*$/, '');
      if (i > 1 && seen.has(key) && key === [...seen][0]) break;
      seen.add(key);
      if (stop.inBanner && firstBannerStop < 0) firstBannerStop = i;
      if (stop.covered.length && !stop.tallButStartShown)
        hidden.push(`stop ${i}: ${stop.name} under ${stop.covered.join(', ')}`);
    }
    expect(hidden).toEqual([]);
    // the banner is reached right after the skip link
    expect(firstBannerStop).toBeGreaterThan(0);
    expect(firstBannerStop).toBeLessThanOrEqual(2);
  });
}

test('the "Ready to work offline" toast leaves Accept and Decline uncovered', async ({ page }) => {
  await page.goto(`${pb.url}/`);
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  const toastItem = page.locator('ol[aria-label="Notifications"] > li', { hasText: 'Ready to work offline' });
  await expect(toastItem).toBeVisible({ timeout: 30_000 });
  const t = (await toastItem.boundingBox())!;
  const b = (await banner.boundingBox())!;
  const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
  expect(overlaps, `toast ${JSON.stringify(t)} over banner ${JSON.stringify(b)}`).toBe(false);
  for (const name of ['Accept', 'Decline']) {
    const button = banner.getByRole('button', { name });
    const box = (await button.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent?.trim() ?? '', {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(onTop).toBe(name);
  }
});

test('an entering toast stays inside the place kept clear of focus through its whole animation', async ({ page }) => {
  // clear-of-focus.ts checks the toast list's box against the focused control; a toast that
  // slid in from below that box lay over a control just under it for its first frames
  await page.goto(`${pb.url}/`);
  const toastItem = page.locator('ol[aria-label="Notifications"] > li', { hasText: 'Ready to work offline' });
  await expect(toastItem).toBeAttached({ timeout: 30_000 });
  const outside = await page.evaluate(() => {
    const list = document.querySelector('ol[aria-label="Notifications"]')!;
    const found: string[] = [];
    let checked = 0;
    for (const li of Array.from(list.children)) {
      for (const animation of li.getAnimations()) {
        animation.pause();
        checked++;
        const end = Number(animation.effect?.getComputedTiming().endTime ?? 0);
        for (let step = 0; step <= 10; step++) {
          const t = (end * step) / 10;
          animation.currentTime = t;
          const box = list.getBoundingClientRect();
          const r = li.getBoundingClientRect();
          const out = Math.max(box.top - r.top, r.bottom - box.bottom, box.left - r.left, r.right - box.right);
          if (out > 0.5) found.push(`at ${step * 10} %: ${out.toFixed(1)} px outside`);
        }
        animation.finish();
      }
    }
    return { checked, found };
  });
  expect(outside.checked).toBeGreaterThan(0);
  expect(outside.found).toEqual([]);
});
