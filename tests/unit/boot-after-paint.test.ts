// @vitest-environment jsdom
// The page's inline boot script (scripts/vite/boot-after-paint.ts): no context menu from the
// first paint, presses before the app kept for it, and the app's scripts asked for after paint.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BOOT_CAP_MS,
  BOOT_CART,
  boot,
  bootSource,
  EARLY_PRESSES_KEY,
  EARLY_SAID_KEY,
  EARLY_STATUS_ID,
  type EarlyPress,
  inlineBoot,
} from '../../scripts/vite/boot-after-paint';
import { replayEarlyPresses } from '@/app/early-presses';
import { useToastStore } from '@/ui/toast/toast-store';

const built = `<!doctype html>
<html><head>
    <meta charset="UTF-8" />
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a.js">
    <link rel="modulepreload" crossorigin href="/assets/b.js">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body><div id="root"></div></body></html>`;

describe('inlineBoot', () => {
  it('replaces the entry tag and the modulepreloads with the inline boot script, first in <head>', () => {
    const out = inlineBoot(built);
    expect(out).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const tag =
      /<script data-boot data-entry="\/assets\/index-abc.js" data-preload="\/assets\/a.js \/assets\/b.js">([\s\S]*?)<\/script>/.exec(
        out,
      );
    expect(tag?.[1]).toBe(bootSource());
    // after the charset, before the stylesheet (it runs before the first paint); the manifest stays
    expect(out.indexOf('charset')).toBeLessThan(out.indexOf('data-boot'));
    expect(out.indexOf('data-boot')).toBeLessThan(out.indexOf('index.css'));
    expect(out).toContain('rel="manifest"');
  });

  it('leaves a page without an entry script as it was', () => {
    const none = built.replace(/<script[^>]*><\/script>/, '');
    expect(inlineBoot(none)).toBe(none);
  });

  it('serializes into a script that runs on its own', () => {
    expect(bootSource()).toMatch(/^\(function\(/);
    expect(bootSource()).not.toMatch(/<\/script/i);
    expect(() => new Function(bootSource())).not.toThrow();
  });
});

/** A fresh page: its document, with the boot script as the current script. */
function page(rootHtml: string, preloads = '/assets/a.js /assets/b.js') {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = `<div id="root">${rootHtml}</div><div id="${EARLY_STATUS_ID}" role="status"></div>`;
  const me = doc.createElement('script');
  me.setAttribute('data-entry', '/assets/index-abc.js');
  me.setAttribute('data-preload', preloads);
  Object.defineProperty(doc, 'currentScript', { value: me, configurable: true });
  return doc;
}

/** Runs the boot script as the page's parser does: in <head>, then the rest of the page is parsed. */
function run(doc: Document) {
  boot(doc, window, BOOT_CAP_MS, EARLY_PRESSES_KEY, EARLY_SAID_KEY, EARLY_STATUS_ID, BOOT_CART);
  if (doc.readyState === 'loading') doc.dispatchEvent(new Event('DOMContentLoaded'));
}
/** The hero image is still on its way (a document without a window loads no image). */
function heroLoading(doc: Document) {
  const img = doc.querySelector('img[fetchpriority="high"]');
  if (img) Object.defineProperty(img, 'complete', { value: false, configurable: true });
  return doc;
}
const started = (doc: Document) =>
  [...doc.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
const preloaded = (doc: Document) =>
  [...doc.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
const kept = () => (window as unknown as Record<string, EarlyPress[]>)[EARLY_PRESSES_KEY] ?? [];

afterEach(() => {
  vi.useRealTimers();
  document.documentElement.removeAttribute('data-hydrated');
  document.documentElement.removeAttribute('data-app');
});

describe('before the app', () => {
  it('no context menu from the first paint', () => {
    vi.useFakeTimers();
    const doc = page('<main><img src="/a.jpg"></main>');
    run(doc);
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    doc.querySelector('img')?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('keeps a press on a button once, shows it pending and says so; the app then carries it out', () => {
    vi.useFakeTimers();
    const doc = page('<main><button type="button" id="add">Add to Cart</button></main>');
    run(doc);
    const button = doc.getElementById('add') as HTMLButtonElement;
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    for (let i = 0; i < 3; i++) button.click();
    // the page's own handler (the app, not there yet) never saw it, and it is kept once
    expect(pressed).not.toHaveBeenCalled();
    expect(kept().map((p) => p.el)).toEqual([button]);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('data-early-pending')).toBe(true);
    expect(doc.getElementById(EARLY_STATUS_ID)?.textContent).toMatch(/kept and happens in a moment/);

    // hydrated: the app's handler is there (React keeps the server's nodes), the press happens once
    doc.documentElement.setAttribute('data-hydrated', '');
    const status = document.createElement('div');
    status.id = EARLY_STATUS_ID;
    document.body.append(status, doc.body.firstElementChild as Element);
    replayEarlyPresses();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.hasAttribute('data-early-pending')).toBe(false);
    expect(kept()).toEqual([]);
    // from now on presses are the app's
    button.click();
    expect(pressed).toHaveBeenCalledTimes(2);
    document.body.innerHTML = '';
  });

  it("keeps a select's last choice and replays it as a change", () => {
    vi.useFakeTimers();
    const doc = page(
      '<main><select id="cur"><option>eur</option><option>sek</option><option>usd</option></select></main>',
    );
    run(doc);
    const select = doc.getElementById('cur') as HTMLSelectElement;
    for (const v of ['sek', 'usd']) {
      select.value = v;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    expect(kept()).toEqual([{ el: select, value: 'usd' }]);
    document.body.append(doc.body.firstElementChild as Element);
    select.value = 'eur'; // hydration put the server's value back
    const changed = vi.fn();
    select.addEventListener('change', () => changed(select.value));
    replayEarlyPresses();
    expect(changed).toHaveBeenCalledExactlyOnceWith('usd');
    document.body.innerHTML = '';
  });

  it("a press on the server's frame goes to the same control of the page the app rendered over it", () => {
    vi.useFakeTimers();
    const bar = (menu: string) =>
      `<div><a href="#main">Skip</a><header><div><a href="/">Elin Vinter</a><div><button type="button" data-testid="cart-button" hidden>0</button><button type="button">${menu}</button></div></div></header><main>Loading…</main></div>`;
    const doc = page(bar('Menu'));
    run(doc);
    const [cart, menu] = [...doc.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
    menu.click();
    cart.click();
    expect(kept().map((p) => p.el)).toEqual([menu, cart]);
    // the app renders the page anew: React empties #root and puts its own tree there
    const root = doc.getElementById('root') as HTMLElement;
    document.body.append(root);
    root.textContent = '';
    root.innerHTML = bar('Menu').replace('Loading…', '<h1>Sign in</h1>');
    const [newCart, newMenu] = [...root.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
    const pressed: string[] = [];
    newMenu.addEventListener('click', () => pressed.push('menu'));
    newCart.addEventListener('click', () => pressed.push('cart'));
    replayEarlyPresses();
    expect(pressed).toEqual(['menu', 'cart']);
    expect(menu.hasAttribute('aria-busy')).toBe(false);

    // a different control in that place is not pressed
    const other = page(bar('Menu'));
    run(other);
    (other.querySelectorAll('button')[1] as HTMLButtonElement).click();
    document.body.innerHTML = '';
    const again = other.getElementById('root') as HTMLElement;
    document.body.append(again);
    again.textContent = '';
    again.innerHTML = bar('Close');
    const close = vi.fn();
    again.querySelectorAll('button')[1]?.addEventListener('click', close);
    replayEarlyPresses();
    expect(close).not.toHaveBeenCalled();
    document.body.innerHTML = '';
  });

  it("leaves a visitor form's submit button alone: the form posts itself", () => {
    vi.useFakeTimers();
    const doc = page('<main><form action="/api/x" method="post"><button>Send</button></form></main>');
    run(doc);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    doc.querySelector('button')?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(kept()).toEqual([]);
  });

  it('keeps a form without an action from submitting natively until the app has started', () => {
    vi.useFakeTimers();
    const doc = page('<main><form id="f"><input name="q"></form><form id="g" action="/search"></form></main>');
    run(doc);
    const submit = (id: string) => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      doc.getElementById(id)?.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit('f')).toBe(true);
    expect(submit('g')).toBe(false);
    doc.documentElement.setAttribute('data-app', 'started');
    expect(submit('f')).toBe(false);
  });
});

describe('"Add to Cart" before the app', () => {
  const LINE = { id: 'print-p1', title: 'Lantern Bearer', price: 240, currency: 'eur', imageUrl: '/p1.webp' };
  // as the server renders them: the top bar's hidden cart button, and the print's button
  const shop = `<header><button type="button" hidden aria-label="Cart, 0 items" data-cart-button><svg></svg><span>0</span></button></header>
    <main><img fetchpriority="high" src="/hero.jpg"><button type="button" id="add" data-cart-line='${JSON.stringify(LINE)}'>Add to Cart</button>
    <select id="cur"><option>eur</option><option>sek</option></select></main>`;
  const stored = () => JSON.parse(localStorage.getItem(BOOT_CART.key) ?? 'null');
  const cartButton = (doc: Document) => doc.querySelector('[data-cart-button]') as HTMLButtonElement;
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('adds the line to the stored cart, shows the count, says it, keeps nothing, and asks for the app', () => {
    vi.useFakeTimers();
    const doc = heroLoading(page(shop));
    run(doc);
    const add = doc.getElementById('add') as HTMLButtonElement;
    const pressed = vi.fn();
    add.addEventListener('click', pressed);
    add.click();
    expect(pressed).not.toHaveBeenCalled();
    expect(stored()).toEqual({
      state: { items: [{ ...LINE, quantity: 1 }], lastCheckoutSession: null, currency: 'eur' },
      version: 1,
    });
    expect(cartButton(doc).hidden).toBe(false);
    expect(cartButton(doc).getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(cartButton(doc).querySelector('span')?.textContent).toBe('1');
    expect(doc.getElementById(EARLY_STATUS_ID)?.textContent).toBe('Added to cart: Lantern Bearer');
    // done, not pending: nothing for the app to replay
    expect(kept()).toEqual([]);
    expect(add.hasAttribute('aria-busy')).toBe(false);
    expect(add.hasAttribute('data-early-pending')).toBe(false);
    expect(started(doc)).toEqual(['/assets/index-abc.js']);

    // a second press adds a second copy (as the store does, without a toast); a third is refused
    add.click();
    expect(stored().state.items).toEqual([{ ...LINE, quantity: 2 }]);
    expect(cartButton(doc).getAttribute('aria-label')).toBe('Cart, 2 items');
    add.click();
    expect(stored().state.items).toEqual([{ ...LINE, quantity: 2 }]);
    expect(doc.getElementById(EARLY_STATUS_ID)?.textContent).toBe(
      'Cart limit: At most 2 copies of each print per order: the editions are limited.',
    );
    expect(kept()).toEqual([]);

    // the app starts: nothing is replayed, and what the status line said is shown as the
    // store's toasts, once (the second copy had none, as with the store)
    useToastStore.setState({ toasts: [] });
    doc.documentElement.setAttribute('data-hydrated', '');
    replayEarlyPresses();
    replayEarlyPresses();
    expect(pressed).not.toHaveBeenCalled();
    expect(stored().state.items).toEqual([{ ...LINE, quantity: 2 }]);
    expect(useToastStore.getState().toasts.map((t) => [t.title, t.description, t.destructive])).toEqual([
      ['Added to cart', 'Lantern Bearer', false],
      ['Cart limit', 'At most 2 copies of each print per order: the editions are limited.', true],
    ]);
  });

  it('keeps the press for the app when it cannot tell what the store would read', () => {
    vi.useFakeTimers();
    const other = JSON.stringify({ state: { items: [], currency: 'usd' }, version: 1 });
    localStorage.setItem(BOOT_CART.key, other);
    const doc = page(shop);
    run(doc);
    const add = doc.getElementById('add') as HTMLButtonElement;
    add.click();
    expect(localStorage.getItem(BOOT_CART.key)).toBe(other);
    expect(kept().map((p) => p.el)).toEqual([add]);
    expect(add.getAttribute('aria-busy')).toBe('true');
    expect(cartButton(doc).hidden).toBe(true);
  });

  it('keeps the press for the app when storage refuses the write', () => {
    vi.useFakeTimers();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const doc = page(shop);
    run(doc);
    const add = doc.getElementById('add') as HTMLButtonElement;
    add.click();
    expect(kept().map((p) => p.el)).toEqual([add]);
    expect(cartButton(doc).hidden).toBe(true);
  });

  it('after a kept choice (the currency) the add waits too: presses happen in their order', () => {
    vi.useFakeTimers();
    const doc = page(shop);
    run(doc);
    const select = doc.getElementById('cur') as HTMLSelectElement;
    select.value = 'sek';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const add = doc.getElementById('add') as HTMLButtonElement;
    add.click();
    expect(kept().map((p) => p.el)).toEqual([select, add]);
    expect(localStorage.getItem(BOOT_CART.key)).toBeNull();
  });
});

describe('asking for the app', () => {
  it('starts the app at once on the bare shell', () => {
    vi.useFakeTimers();
    const doc = page('');
    run(doc);
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
    expect(preloaded(doc)).toEqual(['/assets/a.js', '/assets/b.js']);
  });

  it('on a rendered page waits for the hero image and the frame that shows it, then starts once', async () => {
    vi.useFakeTimers();
    const doc = heroLoading(page('<main><img fetchpriority="high" src="/hero.jpg"></main>'));
    run(doc);
    await vi.advanceTimersByTimeAsync(100);
    expect(started(doc)).toEqual([]);
    doc.querySelector('img')?.dispatchEvent(new Event('load'));
    // loaded is not yet on the screen: chunks arriving before the frame count as holding it back
    expect(started(doc)).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
    await vi.advanceTimersByTimeAsync(5000); // the cap fires later and changes nothing
    expect(started(doc)).toHaveLength(1);
    expect(preloaded(doc)).toHaveLength(2);
  });

  it('asks for the entry first, then its chunks two per task, so no task sends many', async () => {
    vi.useFakeTimers();
    const chunks = Array.from({ length: 5 }, (_, i) => `/assets/c${i}.js`);
    const doc = page('', chunks.join(' '));
    run(doc);
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
    expect(preloaded(doc)).toEqual(chunks.slice(0, 2));
    await vi.advanceTimersToNextTimerAsync();
    expect(preloaded(doc)).toEqual(chunks.slice(0, 4));
    await vi.advanceTimersToNextTimerAsync();
    expect(preloaded(doc)).toEqual(chunks);
  });

  it('starts after the cap when the hero never arrives (a hidden tab, a stalled image)', async () => {
    vi.useFakeTimers();
    const doc = heroLoading(page('<main><img fetchpriority="high" src="/hero.jpg"></main>'));
    run(doc);
    await vi.advanceTimersByTimeAsync(BOOT_CAP_MS - 100);
    expect(started(doc)).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
  });

  it('a press kept before the hero has arrived asks for the app at once', async () => {
    vi.useFakeTimers();
    const doc = heroLoading(page('<main><img fetchpriority="high" src="/hero.jpg"><button>Menu</button></main>'));
    run(doc);
    await vi.advanceTimersByTimeAsync(100);
    expect(started(doc)).toEqual([]);
    doc.querySelector('button')?.click();
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
    doc.querySelector('img')?.dispatchEvent(new Event('load'));
    expect(started(doc)).toHaveLength(1);
  });

  it('a rendered page without a hero starts after its first frame', async () => {
    vi.useFakeTimers();
    const doc = page('<main><h1>News</h1></main>');
    run(doc);
    expect(started(doc)).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
  });
});

/**
 * A browser that reports when elements are shown (Element Timing, paint timing), as Chromium
 * does: the test says when the browser reports an entry.
 */
class ReportingObserver {
  static supportedEntryTypes = ['element', 'paint', 'largest-contentful-paint'];
  static all: ReportingObserver[] = [];
  types = new Set<string>();
  constructor(private readonly callback: (list: { getEntries(): PerformanceEntry[] }) => void) {
    ReportingObserver.all.push(this);
  }
  observe({ type }: { type: string }) {
    this.types.add(type);
  }
  disconnect() {
    this.types.clear();
  }
  static report(entryType: string, entry: Partial<PerformanceEntry> & { element?: Element }) {
    for (const o of ReportingObserver.all)
      if (o.types.has(entryType)) o.callback({ getEntries: () => [{ entryType, ...entry } as PerformanceEntry] });
  }
}

/** This test file's window, with the observer above. */
function reportingWindow(): Window {
  ReportingObserver.all = [];
  return new Proxy(window, {
    get: (target, prop) => (prop === 'PerformanceObserver' ? ReportingObserver : Reflect.get(target, prop, target)),
  }) as Window;
}

describe('asking for the app where the browser reports what it has shown', () => {
  const runIn = (doc: Document) => {
    boot(doc, reportingWindow(), BOOT_CAP_MS, EARLY_PRESSES_KEY, EARLY_SAID_KEY, EARLY_STATUS_ID, BOOT_CART);
    doc.dispatchEvent(new Event('DOMContentLoaded'));
  };
  const hero = '<main><p>Prints</p><img fetchpriority="high" elementtiming="hero" src="/hero.jpg"></main>';

  it('waits until the hero image is reported shown, not only loaded', async () => {
    vi.useFakeTimers();
    const doc = heroLoading(page(hero));
    runIn(doc);
    const img = doc.querySelector('img') as HTMLImageElement;
    img.dispatchEvent(new Event('load'));
    ReportingObserver.report('paint', { name: 'first-contentful-paint' });
    ReportingObserver.report('element', { name: 'text-paint', element: doc.querySelector('p') as Element });
    await vi.advanceTimersByTimeAsync(200); // frames go by: the shown frame is reported later on a busy machine
    expect(started(doc)).toEqual([]);
    ReportingObserver.report('element', { name: 'image-paint', element: img });
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
    ReportingObserver.report('element', { name: 'image-paint', element: img });
    await vi.advanceTimersByTimeAsync(5000);
    expect(started(doc)).toHaveLength(1);
  });

  it('starts a second after the hero loaded when it is never reported (the layout hides it)', async () => {
    vi.useFakeTimers();
    const doc = heroLoading(page(hero));
    runIn(doc);
    doc.querySelector('img')?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(990);
    expect(started(doc)).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
  });

  it('starts at once when the hero image fails', () => {
    vi.useFakeTimers();
    const doc = heroLoading(page(hero));
    runIn(doc);
    doc.querySelector('img')?.dispatchEvent(new Event('error'));
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
  });

  it('a page without a hero waits for its first contentful paint to be reported', async () => {
    vi.useFakeTimers();
    const doc = page('<main><h1>News</h1></main>');
    runIn(doc);
    await vi.advanceTimersByTimeAsync(200);
    ReportingObserver.report('paint', { name: 'first-paint' });
    expect(started(doc)).toEqual([]);
    ReportingObserver.report('paint', { name: 'first-contentful-paint' });
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
  });

  it('a hero without elementtiming (a page from an older build) starts the frame after its load', async () => {
    vi.useFakeTimers();
    const doc = heroLoading(page('<main><img fetchpriority="high" src="/hero.jpg"></main>'));
    runIn(doc);
    doc.querySelector('img')?.dispatchEvent(new Event('load'));
    expect(started(doc)).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(started(doc)).toEqual(['/assets/index-abc.js']);
  });
});
