// Watches a page for Content-Security-Policy violations: the document's
// `securitypolicyviolation` events (reported to the console by a listener added before any
// page script) and Chromium's own console messages about refused loads.
import type { BrowserContext, Page } from '@playwright/test';

const TAG = '[csp-violation]';

/** Starts watching every page of the context; returns the violations seen so far. */
export async function watchCsp(context: BrowserContext): Promise<() => string[]> {
  const seen: string[] = [];
  await context.addInitScript((tag) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${tag} ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${e.documentURI}`);
    });
  }, TAG);
  const listen = (page: Page) =>
    page.on('console', (msg) => {
      const text = msg.text();
      if (text.startsWith(TAG) || /Content Security Policy/i.test(text)) seen.push(`${page.url()}: ${text}`);
    });
  for (const page of context.pages()) listen(page);
  context.on('page', listen);
  return () => [...seen];
}

/** Lets late loads (images, the service worker's install, idle-time scripts) happen before looking. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 3000 })));
}
