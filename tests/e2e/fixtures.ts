// The `test` every spec uses: its page waits, after each navigation to a page of the app, until
// the app has started (src/start.tsx marks <html data-app>). A first visit shows the
// server's HTML before the app's scripts run, and a visitor's first click or keystroke there
// would go to a page that does not listen yet; the boot script asks for the scripts after
// the first paint (scripts/vite/boot-after-paint.ts), so a test acting at once would race it.
import { test as base, type Page } from '@playwright/test';
import { PROJECT_ONLY } from '../../scripts/lib/skips.mjs';

export { expect } from '@playwright/test';

async function untilStarted(page: Page) {
  // only the app's own pages name their entry in the boot script (not an API answer, an error
  // page of the browser, or a page the test opened without waiting for its body)
  if ((await page.locator('script[data-entry]').count()) === 0) return;
  await page.locator('html[data-app]').waitFor({ state: 'attached', timeout: 15_000 });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await untilStarted(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await untilStarted(page);
        return response;
      };
    }
    await use(page);
  },
});

/**
 * Runs the calling test (or, from a beforeEach, every test of the file) in one project only:
 * the one skip `npm test` accepts (scripts/lib/skips.mjs). A test never skips because of how
 * the server it found is set up; the e2e server is set up for every test.
 */
export function onlyInProject(project: keyof typeof PROJECT_ONLY, why: string) {
  test.skip(test.info().project.name !== project, `${PROJECT_ONLY[project]}: ${why}`);
}
