import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
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
