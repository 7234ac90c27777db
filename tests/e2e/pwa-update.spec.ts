import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures';
import { deployNextBuild } from './deploy-support';
import { waitForServiceWorker } from './support';

// Runs in its own project after the others (playwright.config.ts): it changes dist/sw.js,
// which every open page would otherwise notice as an update.
const swPath = resolve(import.meta.dirname, '../../dist/sw.js');

test('an update found in the first-install session is applied by "Reload"', async ({ page }) => {
  const original = readFileSync(swPath);
  try {
    await page.goto('/artworks');
    await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeVisible();
    // First visit: the worker took control through clientsClaim, without a reload.
    await waitForServiceWorker(page);
    await page.evaluate(() => {
      (window as unknown as { __beforeUpdate: boolean }).__beforeUpdate = true;
    });

    // A new deploy: the worker script changes byte-wise.
    appendFileSync(swPath, `\n// e2e update ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is available');
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;

    expect(
      await page.evaluate(() => (window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate),
    ).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeVisible();
    await expect(prompt).toHaveCount(0);
  } finally {
    writeFileSync(swPath, original);
  }
});

test('a tab left on the old version keeps opening pages after another tab updates to the new one', async ({
  context,
}) => {
  test.setTimeout(90_000);
  const old = await context.newPage();
  await old.goto('/');
  await expect(old.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await waitForServiceWorker(old);
  await old.evaluate(() => {
    (window as unknown as { __oldVersion: boolean }).__oldVersion = true;
  });
  const deploy = deployNextBuild();
  try {
    // another tab finds the new version and reloads onto it
    const other = await context.newPage();
    await other.goto('/artworks');
    await waitForServiceWorker(other);
    await other.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = other.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is available');
    const reloaded = other.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;

    // the old tab now opens a page whose code it never loaded: the old build's chunk
    // the browser's HTTP cache must not hide the gap (phones evict it early)
    await (await context.newCDPSession(old)).send('Network.clearBrowserCache');
    await old.getByRole('link', { name: 'About' }).first().click();
    await expect(old.getByRole('heading', { level: 1, name: 'Elin Vinter' })).toBeVisible();
    await expect(old.getByText('Unexpected Application Error!')).toHaveCount(0);
    // it stayed where it was: nothing typed there was lost to a reload
    expect(await old.evaluate(() => (window as unknown as { __oldVersion?: boolean }).__oldVersion)).toBe(true);
  } finally {
    deploy.restore();
  }
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a chunk of the old build that is gone reloads the tab once onto the new version', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __oldVersion: boolean }).__oldVersion = true;
    });
    const deploy = deployNextBuild();
    try {
      await page.getByRole('link', { name: 'About' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Elin Vinter' })).toBeVisible();
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __oldVersion?: boolean }).__oldVersion)).toBeUndefined();
    } finally {
      deploy.restore();
    }
  });
});
