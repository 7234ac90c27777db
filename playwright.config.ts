import { defineConfig, devices } from '@playwright/test';

// Runs against the built app (dist/) served by a real, seeded PocketBase
// (scripts/e2e-server.mjs). Build first: `npx vite build && npx playwright test`.
const port = Number(process.env.E2E_PORT ?? 8391);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // The app honours prefers-reduced-motion; emulating it keeps axe from measuring colour
    // contrast in the middle of a fade-in (e.g. the "Ready to work offline" toast).
    reducedMotion: 'reduce',
    // Recording a trace costs the browser and the runner about an eighth of a run's CPU
    // (131 tests of shop, content-pages, forms, before-start on both projects, two workers:
    // 341 s with it, 298 s without). In CI a failed test runs again, and that retry is traced;
    // elsewhere (`npm test` without CI, `npx playwright test`) every failed test keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /pwa-update/,
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath } },
    },
    // the seeded sync fault runs need one browser, not every viewport
    {
      name: 'phone',
      testIgnore: /pwa-update|sync-faults/,
      use: { ...devices['Pixel 7'], launchOptions: { executablePath } },
    },
    // Rewrites dist/sw.js and swaps dist/ to simulate a deploy, so it runs alone, after the
    // others, and its tests one at a time: two deploys at once would swap dist/ under each other.
    {
      name: 'pwa-update',
      testMatch: /pwa-update/,
      fullyParallel: false,
      dependencies: ['desktop', 'phone'],
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath } },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    // SIGTERM lets the script stop PocketBase and delete its temp data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
