// A repeat visit: open a page, let the service worker install and take control, then reload
// and count what still reached the network. The shell (document, scripts, styles, fonts) should
// come from the service worker's cache; data reads may go out to refresh what the page shows.
import { chromium, devices } from '@playwright/test';

/** Requests that went to the network on a warm reload of `url`: {shell, api} (api: data and images). */
export async function warmReload(url) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // what the page and its worker ask the network for (the worker's fetches show up on the context)
    const network = [];
    context.on('requestfinished', async (req) => {
      const res = await req.response();
      if (res && !res.fromServiceWorker()) network.push(new URL(req.url()).pathname);
    });
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const api = network.filter((p) => p.startsWith('/api/'));
    return { shell: network.length - api.length, api: api.length };
  } finally {
    await browser.close();
  }
}
