import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export const ARTIST = 'Elin Vinter';

interface ListResponse<T> {
  items: T[];
  totalItems: number;
}

export interface ArtworkRow {
  slug: string;
  title: string;
  year: number;
}

export interface PrintRow {
  slug: string;
  title: string;
}

/** Reads public records straight from the API, to compare the UI against the seeded data. */
export async function listRecords<T>(
  request: APIRequestContext,
  collection: string,
  query: Record<string, string>,
): Promise<ListResponse<T>> {
  const res = await request.get(`/api/collections/${collection}/records`, { params: query });
  expect(res.ok(), `GET ${collection} ${res.status()}`).toBe(true);
  return (await res.json()) as ListResponse<T>;
}

/**
 * Waits until the service worker is active and controls the page (on a first visit `ready`
 * resolves before the worker has claimed the page).
 */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * On a first visit the "Ready to work offline" toast slides in once the service worker is
 * installed. Accessibility checks wait for it to finish animating (a half-faded toast has
 * no meaningful contrast).
 */
export async function settleFirstVisit(page: Page) {
  await waitForServiceWorker(page);
  await expect(page.getByText('Ready to work offline')).toBeVisible();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('ol[aria-label="Notifications"] > li')).every(
      (li) => getComputedStyle(li).opacity === '1',
    ),
  );
}

/** WCAG 2.0/2.1 A and AA rules; `AXE_STRICT` adds axe's best-practice rules. */
export const AXE_WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_STRICT = [...AXE_WCAG, 'best-practice'];

/** The serious and critical axe violations on the page, as comparable plain data (tags null: every rule). */
export async function seriousAxeViolations(page: Page, tags: string[] | null = AXE_STRICT) {
  const builder = new AxeBuilder({ page });
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

const rand = (n: number) => Math.floor(Math.random() * n);

/**
 * Each test speaks from its own client address (the e2e server trusts X-Forwarded-For as if
 * behind a TLS proxy, TRUSTED_PROXY=1), so the per-address form rate limits do not couple the
 * tests. Demo sign-in refuses requests with proxy headers: sign in before calling this.
 */
export async function ownClientIp(page: Page): Promise<string> {
  const ip = `10.${rand(254)}.${rand(254)}.${rand(254) + 1}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}

/** A toast with this title (and description, when given) is shown. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toasts = page.getByRole('list', { name: 'Notifications' });
  // destructive toasts are role=alert, so match the <li> itself
  const item = toasts.locator('li').filter({ hasText: title });
  await expect(item.first()).toBeVisible();
  if (description) await expect(item.filter({ hasText: description }).first()).toBeVisible();
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${rand(1e6)}@example.com`;
}

/**
 * Paths of the files learners kept on this device (each account's own Cache Storage cache,
 * `atelier-user-<id>`); `userId` narrows it to one account.
 */
export async function learnerCacheKeys(page: Page, userId?: string): Promise<string[]> {
  return page.evaluate(async (userId) => {
    const keys: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(userId ? `atelier-user-${encodeURIComponent(userId)}` : 'atelier-user-')) continue;
      for (const r of await (await caches.open(name)).keys()) keys.push(new URL(r.url).pathname);
    }
    return keys;
  }, userId);
}

/** Whether any account's files cache is left on the device. */
export async function hasLearnerFiles(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('atelier-user-')));
}

/** Presses the button that saves a file and returns the download's name and first five bytes (`%PDF-` for a PDF). */
export async function savedFile(page: Page, button: string): Promise<{ name: string; head: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return {
    name: download.suggestedFilename(),
    head: readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  };
}

/** Sums the page's layout shifts not caused by input (its CLS) from its start; read with shiftsSoFar. */
export async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recordShifts has summed so far. */
export function shiftsSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}
