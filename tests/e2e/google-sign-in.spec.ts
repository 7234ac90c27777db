// Google sign-in end to end: the real /auth page and @react-oauth/google code flow, with
// Google Identity Services' script replaced by a stand-in that hands out a code from the
// local fake Google, exchanged by our own PocketBase (provider from GOOGLE_* env). The
// Content-Security-Policy of a server with a Google client must let all of it through.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type FakeGoogle, startFakeGoogle } from '../support/fake-google';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { settle, watchCsp } from './csp';

let google: FakeGoogle;
let pb: TestPocketBase;
let nextCode = '';

test.beforeAll(async () => {
  google = await startFakeGoogle();
  pb = await startPocketBase({ seed: true, env: google.env });
});

test.afterAll(async () => {
  await pb?.stop();
  await google?.stop();
});

/** Stand-in for https://accounts.google.com/gsi/client: initCodeClient().requestCode() → {code}. */
const GSI_STANDIN = `
window.google = { accounts: {
  id: { initialize() {}, prompt() {}, renderButton() {}, disableAutoSelect() {}, cancel() {} },
  oauth2: {
    hasGrantedAllScopes() { return true; },
    initTokenClient() { return { requestAccessToken() {} }; },
    initCodeClient(config) {
      return { requestCode() {
        fetch('https://accounts.google.com/gsi/__next_code').then((r) => r.text()).then((code) => config.callback({ code, scope: config.scope }));
      } };
    },
  },
} };`;

async function routeGoogle(page: Page) {
  await page.route('https://accounts.google.com/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/gsi/client') return route.fulfill({ contentType: 'text/javascript', body: GSI_STANDIN });
    if (url.pathname === '/gsi/__next_code')
      return route.fulfill({
        contentType: 'text/plain',
        body: nextCode,
        headers: { 'access-control-allow-origin': '*' },
      });
    return route.abort();
  });
}

test('"Continue with Google" signs in with the email Google verified and returns to the remembered page', async ({
  page,
  context,
}) => {
  const violations = await watchCsp(context);
  await routeGoogle(page);
  const email = `g-${test.info().project.name}@example.com`;
  nextCode = google.issueCode({ sub: `sub-${test.info().project.name}`, email, name: 'Grace' });
  await page.goto(`${pb.url}/my-courses`);
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmy-courses/);
  await expect(page.getByRole('button', { name: 'Sign in as demo learner' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/my-courses$/);
  await expect(page.getByRole('heading', { name: 'No Courses Yet' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}'));
  expect(stored.record.email).toBe(email);
  expect(stored.record.role).toBe('learner');
  expect(google.tokenRequests.at(-1)?.redirect_uri).toBe('postmessage');
  await settle(page);
  expect(violations()).toEqual([]);
});

test('a failed Google sign-in shows "Authentication Error"', async ({ page }) => {
  await routeGoogle(page);
  nextCode = '4/not-issued';
  await page.goto(`${pb.url}/auth`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByText('Authentication Error')).toBeVisible();
  await expect(page.getByText('Failed to sign in with Google. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});
