// Consent-gated analytics. With ANALYTICS_SCRIPT_URL set, the site asks first: the script
// loads only after "Accept", never before an answer or after "Decline"; the answer is kept,
// can be changed from the footer's "Privacy choices", and every answer is recorded on the
// server. Without the variable (the shared e2e server) there is no banner and no script.
// A local server stands in for the analytics provider (another origin, like the real one).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, onlyInProject, test } from './fixtures';
import { asSuperuser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { settle, watchCsp } from './csp';

let provider: Server;
let providerUrl = '';
let pb: TestPocketBase;
const hits = { script: 0, collect: 0 };

test.beforeAll(async () => {
  provider = createServer((req, res) => {
    if (req.url === '/script.js') {
      hits.script++;
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      // what a provider's script does: mark itself and send a beacon home
      res.end(
        `window.__analyticsRuns = (window.__analyticsRuns || 0) + 1;
         fetch(${JSON.stringify(`${providerUrl}/collect`)}, { method: 'POST', body: location.pathname });`,
      );
      return;
    }
    if (req.url === '/collect') {
      hits.collect++;
      res.writeHead(204, { 'access-control-allow-origin': '*' });
      res.end();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  pb = await startPocketBase({ seed: true, env: { ANALYTICS_SCRIPT_URL: `${providerUrl}/script.js` } });
});

test.afterAll(async () => {
  await pb?.stop();
  await new Promise((r) => provider?.close(r));
});

const banner = (page: Page) => page.getByTestId('consent-banner');
const loaded = (page: Page) =>
  page.evaluate(() => ({
    runs: (window as { __analyticsRuns?: number }).__analyticsRuns ?? 0,
    element: !!document.getElementById('atelier-analytics'),
  }));

async function consents(): Promise<{ choice: string; text_version: string; visitor: string }[]> {
  const res = await asSuperuser(pb, '/api/collections/analytics_consents/records?sort=created&perPage=100');
  return ((await res.json()) as { items: { choice: string; text_version: string; visitor: string }[] }).items;
}

test('asks first; Decline keeps the script away, Accept loads it, the answer is kept and can be changed', async ({
  page,
  context,
}) => {
  onlyInProject(
    'desktop',
    'the answer kept does not depend on the viewport (the banner at phone size: focus-not-obscured)',
  );
  test.setTimeout(60_000);
  const violations = await watchCsp(context);
  const before = { ...hits };
  const recorded = (await consents()).length;

  await page.goto(`${pb.url}/`);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('heading', { name: 'Privacy choices' })).toBeVisible();
  await settle(page);
  expect(await loaded(page)).toEqual({ runs: 0, element: false });
  expect(hits.script).toBe(before.script);

  // Decline: nothing loads, now or after a reload or on another page
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await page.goto(`${pb.url}/artworks`);
  await settle(page);
  await expect(banner(page)).toHaveCount(0);
  expect(await loaded(page)).toEqual({ runs: 0, element: false });
  expect(hits.script).toBe(before.script);
  await expect.poll(async () => (await consents()).length).toBe(recorded + 1);
  expect((await consents()).at(-1)).toMatchObject({ choice: 'refused', text_version: 'analytics-v1' });

  // Privacy choices in the footer: Accept loads it, and it sends its beacon home
  await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy choices' }).click();
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => loaded(page)).toEqual({ runs: 1, element: true });
  await expect.poll(() => hits.collect).toBeGreaterThan(before.collect);

  // remembered: loads on the next visit without asking
  await page.reload();
  await expect.poll(() => loaded(page)).toEqual({ runs: 1, element: true });
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(async () => (await consents()).length).toBe(recorded + 2);
  const [refused, accepted] = (await consents()).slice(-2);
  expect(accepted).toMatchObject({ choice: 'accepted', text_version: 'analytics-v1' });
  expect(accepted!.visitor).toBe(refused!.visitor);

  // taking it back reloads the page without the script
  const scriptsBefore = hits.script;
  await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy choices' }).click();
  await Promise.all([page.waitForEvent('load'), banner(page).getByRole('button', { name: 'Decline' }).click()]);
  await settle(page);
  expect(await loaded(page)).toEqual({ runs: 0, element: false });
  expect(hits.script).toBe(scriptsBefore);
  await expect.poll(async () => (await consents()).at(-1)?.choice).toBe('refused');

  expect(violations()).toEqual([]);
});

test('the policy names the analytics origin only because it is configured', async ({ request }) => {
  const res = await request.get(`${pb.url}/`);
  // besides the hash of the inline boot script (scripts/vite/boot-after-paint.ts)
  expect(res.headers()['content-security-policy']).toMatch(
    new RegExp(`script-src 'self' 'sha256-[A-Za-z0-9+/=]+' ${providerUrl};`),
  );
  const plain = await request.get('/');
  expect(plain.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
});

test('without ANALYTICS_SCRIPT_URL there is no banner, no choice to make and no script', async ({ page, context }) => {
  const violations = await watchCsp(context);
  await page.goto('/');
  await settle(page);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Privacy choices' })).toHaveCount(0);
  expect(await loaded(page)).toEqual({ runs: 0, element: false });
  const config = await (await page.request.get('/api/atelier/analytics-config')).json();
  expect(config).toEqual({ scriptUrl: null });
  const refused = await page.request.post('/api/atelier/analytics-consent', {
    data: { choice: 'accepted', version: 'analytics-v1' },
  });
  expect(refused.status()).toBe(404);
  expect(violations()).toEqual([]);
});
