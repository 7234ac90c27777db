// Accounts for the browser tests. The e2e server's superuser is TEST_SUPERUSER
// (scripts/lib/superuser.mjs); learners and admins are made through it and signed in with
// an impersonation token, since real users sign in with Google.
import type { BrowserContext, Page } from '@playwright/test';
import { test } from './fixtures';
import { superuserToken as signInAsSuperuser, superuserJson } from '../../scripts/lib/superuser.mjs';

const rand = (n: number) => Math.floor(Math.random() * n);

let cachedToken: string | undefined;

/**
 * One superuser sign-in per worker, from an address of its own: sign-ins are limited per
 * address (`*:auth`), and the workers would otherwise share one.
 */
export async function superuserToken(): Promise<string> {
  cachedToken ??= await signInAsSuperuser(baseURL(), { ip: `10.250.${rand(254)}.${rand(254) + 1}` });
  return cachedToken;
}

function baseURL(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('the Playwright project has no baseURL');
  return url;
}

/**
 * An API call as the superuser that must succeed (JSON `data`, or a FormData sent as a
 * multipart form): the one superuser request of the integration tests, the harnesses and the
 * benches (scripts/lib/superuser.mjs), aimed at this project's server. Its JSON answer.
 */
export async function asSuperuser<T = Record<string, unknown>>(
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  return superuserJson<T>({ url: baseURL(), superuser: { token: await superuserToken() } }, method, path, data);
}

/** Records of any collection (server-only ones too) matching a PocketBase filter. */
export async function findRecords<T = Record<string, unknown>>(collection: string, filter: string): Promise<T[]> {
  const path = `/api/collections/${collection}/records?perPage=200&filter=${encodeURIComponent(filter)}`;
  return (await asSuperuser<{ items: T[] }>('GET', path)).items;
}

export interface Session {
  token: string;
  record: Record<string, unknown> & { id: string; email: string };
}

let n = 0;
/** A new user with a role, and a one-hour session for it. Each test makes its own. */
export async function createSession(role: 'learner' | 'admin', label: string): Promise<Session> {
  n += 1;
  const email = `${label}-${Date.now().toString(36)}-${n}-${rand(1e6)}@atelier.test`;
  const password = 'x-unused-password-1234';
  const user = await asSuperuser<{ id: string }>('POST', '/api/collections/users/records', {
    email,
    name: label,
    role,
    password,
    passwordConfirm: password,
    verified: true,
  });
  return asSuperuser<Session>('POST', `/api/collections/users/impersonate/${user.id}`, { duration: 3600 });
}

/** Signs the page in: stores the session where the SDK reads it (same origin first). */
export async function signIn(page: Page, session: Session) {
  await page.goto('/robots.txt');
  await page.evaluate((s) => localStorage.setItem('pocketbase_auth', JSON.stringify(s)), session);
}

/** Signs every page of the context in before any page script runs (unless a session is already stored). */
export async function signInBeforeLoad(context: BrowserContext, session: Session) {
  await context.addInitScript((auth) => {
    if (!localStorage.getItem('pocketbase_auth')) localStorage.setItem('pocketbase_auth', JSON.stringify(auth));
  }, session);
}
