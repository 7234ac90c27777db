import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, onlyInProject, test } from './fixtures';
import { waitForServiceWorker } from './support';

test('the web manifest is valid and the app is installable (DevTools protocol)', async ({ baseURL }) => {
  onlyInProject('desktop', 'installability is checked once, in a desktop persistent context');
  // Chromium never reports installability in an incognito (non-persistent) context.
  const profile = mkdtempSync(join(tmpdir(), 'atelier-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(baseURL!);
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);

    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}');
    expect(parsed).toMatchObject({ display: 'standalone', start_url: '/', scope: '/', short_name: 'Atelier' });
    expect(parsed.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(parsed.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
      ['My courses', '/my-courses'],
      ['Print editions', '/print-editions'],
    ]);
    expect(parsed.screenshots.map((s: { form_factor: string }) => s.form_factor).sort()).toEqual(['narrow', 'wide']);

    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
