// "Time to working": on a first visit (fresh profile, Pixel 7, CPU 4x slower), the time from
// navigation until a press takes effect, as a visitor who presses as soon as the control shows:
//  - "Subscribe" (home): the form works as HTML, so its figure is when the button is painted
//    (found once the page has its first contentful paint);
//  - "Add to Cart" (/print-editions): pressed when painted and again every PRESS_EVERY_MS until
//    the cart holds the print (the boot script adds it itself; a press it keeps for the app
//    counts once the app has carried it out).
// Beside each median: the page's first contentful paint, and for "Add to Cart" the moment the
// page stored the line (page clock): the runner sees it one round trip later, which on a busy
// machine is tens of ms more.
// Measured on the local network and with Lighthouse's slow 4G (150 ms RTT x 3.75, 1.6 Mbit/s
// down x 0.9, 750 kbit/s up x 0.9). Every measured page must be server-rendered (X-SSR), or
// the run throws: a shell page would measure something else.
import { chromium, devices } from '@playwright/test';

const PRESS_EVERY_MS = 100;
const RENDERED = /^(hit|miss|stale|wait)$/;
const SLOW_4G = {
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

async function once(browser, url, kind, network) {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (network === 'slow 4G') await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    // the page's own clock: when it first stored a cart with a line in it
    await page.addInitScript(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        set.call(this, key, value);
        const w = window;
        if (key === 'atelier-cart-v1' && w.__storedAt === undefined && JSON.parse(value).state?.items?.length)
          w.__storedAt = performance.now();
      };
    });
    const res = await page.goto(url, { waitUntil: 'commit' });
    const ssr = res?.headers()['x-ssr'] ?? '';
    if (!RENDERED.test(ssr)) throw new Error(`${url} was not server-rendered (X-SSR: ${ssr || 'none'})`);
    const since = () => page.evaluate(() => performance.now());
    const paint = () =>
      page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    // Looked for with a cheap query of the page's own, not Playwright's locators: their engine is
    // a script the runner puts in the page, and evaluating it on a first visit at 4x CPU held the
    // throttled main thread for hundreds of ms ("Subscribe" was found ~500 ms after the first
    // paint, on the local network, with no app involved).
    let spot = await page.evaluate(paintedControl, kind).catch(() => null);
    while (!spot) {
      await page.waitForTimeout(10);
      spot = await page.evaluate(paintedControl, kind).catch(() => null);
    }
    if (kind === 'subscribe') return { ms: spot.at, ssr, paint: await paint() };
    const inCart = () =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('atelier-cart-v1') ?? '{}').state?.items ?? []).length > 0);
    for (;;) {
      // a real click at the button's place: it goes the browser's input path, and waits for a
      // busy main thread as a visitor's press does
      await page.mouse.click(spot.x, spot.y);
      const until = Date.now() + PRESS_EVERY_MS;
      while (Date.now() < until) {
        if (await inCart()) {
          const ms = await since();
          return { ms, ssr, paint: await paint(), stored: await page.evaluate(() => window.__storedAt) };
        }
        await page.waitForTimeout(10);
      }
      spot = (await page.evaluate(paintedControl, kind).catch(() => null)) ?? spot;
    }
  } finally {
    await context.close();
  }
}

/**
 * In the page: the control once the page has painted (scrolled to the middle of the screen, as
 * a visitor would), its centre and when it was found (page clock); null before.
 */
function paintedControl(kind) {
  if (!performance.getEntriesByName('first-contentful-paint').length) return null;
  const scope =
    kind === 'subscribe'
      ? document.querySelector('form[aria-label="Stay Connected newsletter sign-up"]')
      : document.getElementById('root');
  const label = kind === 'subscribe' ? 'Subscribe' : 'Add to Cart';
  const el = scope && [...scope.querySelectorAll('button')].find((b) => b.textContent.trim() === label);
  if (!el) return null;
  el.scrollIntoView({ block: 'center' });
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2, at: performance.now() } : null;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Rows {page, press, network, median ms, runs ms, X-SSR}, `runs` first visits each. */
export async function timeToWorking(base, runs = 5) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const rows = [];
  try {
    for (const network of ['local', 'slow 4G']) {
      for (const [path, kind, press] of [
        ['/', 'subscribe', 'Subscribe (paint)'],
        ['/print-editions', 'cart', 'Add to Cart'],
      ]) {
        const times = [];
        const paints = [];
        const stored = [];
        const seen = new Set();
        for (let i = 0; i < runs; i++) {
          const r = await once(browser, `${base}${path}`, kind, network);
          times.push(r.ms);
          paints.push(r.paint);
          if (r.stored !== undefined) stored.push(r.stored);
          seen.add(r.ssr);
        }
        rows.push({
          page: path,
          press,
          network,
          'median ms': Math.round(median(times)),
          'runs ms': times.map((t) => Math.round(t)).join(' '),
          'FCP ms': Math.round(median(paints)),
          'stored ms (page)': stored.length ? Math.round(median(stored)) : '—',
          'X-SSR': [...seen].join(', '),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
