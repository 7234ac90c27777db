// Helpers for the portfolio/voice specs.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const E2E_SUPERUSER = { identity: 'e2e@atelier.test', password: 'e2e-superuser-password' };

/**
 * Each test speaks from its own client address (PocketBase trusts X-Forwarded-For, see the
 * settings migration), so the per-IP form rate limits do not couple the tests.
 */
export async function ownClientIp(page: Page): Promise<string> {
  const ip = `10.${rand(254)}.${rand(254)}.${rand(254) + 1}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}

function rand(n: number) {
  return Math.floor(Math.random() * n);
}

let cachedToken: string | undefined;

/** One superuser sign-in per worker (sign-ins are rate-limited per address). */
export async function superuserToken(request: APIRequestContext): Promise<string> {
  if (cachedToken) return cachedToken;
  const res = await request.post('/api/collections/_superusers/auth-with-password', {
    data: E2E_SUPERUSER,
    headers: { 'x-forwarded-for': `10.250.${rand(254)}.${rand(254) + 1}` },
  });
  expect(res.ok(), `superuser sign-in: ${res.status()}`).toBe(true);
  cachedToken = ((await res.json()) as { token: string }).token;
  return cachedToken;
}

export async function findRecords<T = Record<string, unknown>>(request: APIRequestContext, collection: string, filter: string): Promise<T[]> {
  const token = await superuserToken(request);
  const res = await request.get(`/api/collections/${collection}/records`, { params: { filter }, headers: { authorization: token } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: T[] }).items;
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
