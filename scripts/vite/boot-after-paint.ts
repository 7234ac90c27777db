import { minifySync, type Plugin, type Rollup } from 'vite';
import {
  addLine,
  addToStoredCart,
  CART_RULES,
  CART_STORAGE,
  type CartKit,
  type CartSaid,
  cartLabel,
  saidAfterAdd,
  sanitizeLines,
} from '../../src/features/shop/model/cart-rules';

// The page's first script, inline in <head> (so it runs before the first paint; the CSP allows
// it by its hash, pb_hooks/lib/pages/spa.js). It does what the app cannot do yet:
//  - the artist's "no context menu" holds from the first paint, not from the app's start;
//  - "Add to Cart" before the app handles events is carried out here: the print (the line the
//    server rendered on the button, data-cart-line) goes into the cart the store will read on
//    its start, by the store's own rules (src/features/shop/model/cart-rules.ts, carried in
//    as source text), the top bar shows the count and the status line says what the store's
//    toast says; the app shows that toast once it has started (a sighted visitor sees what a
//    later press shows). On a slow phone link the app arrives seconds after the button is painted;
//  - any other press on a button (the menu, the lightbox; an "Add to Cart" this script cannot
//    decide: see addToStoredCart) or a change of a select (the currency) before the app handles
//    events is kept, shown as pending (aria-busy, and said in the page's status line) and
//    carried out by the app once it has hydrated (src/app/early-presses.ts), and the app is
//    asked for at once; forms post themselves;
//  - it asks for the app's scripts. A server-rendered page reads without JavaScript, and on a
//    slow phone link the app's ~180 kB of scripts, fetched at once, shared the line with the
//    stylesheet and the hero image and held both back (Lighthouse traces: FCP 2.3 s, the hero's
//    load time 2.7 s). So the scripts are asked for once the LCP image is on the screen (or,
//    without one, the first paint; at most BOOT_CAP_MS later). The bare app shell (no
//    server-rendered content) starts at once.

/** The longest a rendered page waits for its hero image before it asks for the app. */
export const BOOT_CAP_MS = 3000;

/** A press kept for the app: the element (hydration keeps the server's nodes) and a select's value. */
export interface EarlyPress {
  el: Element;
  value?: string;
}

/** The cart's rules and where the store keeps the cart, as the boot script receives them. */
export interface BootCart extends CartKit {
  key: string;
  version: number;
  addToStoredCart: typeof addToStoredCart;
  cartLabel: typeof cartLabel;
}

/** Where the boot script leaves the presses it kept (read by src/app/early-presses.ts). */
export const EARLY_PRESSES_KEY = '__atelierEarlyPresses';
/** Where it leaves the toasts of the adds it carried out (read there too). */
export const EARLY_SAID_KEY = '__atelierEarlySaid';
/** The page's polite status line (index.html, outside the app's root). */
export const EARLY_STATUS_ID = 'early-status';

/**
 * Runs in the browser as a classic inline script (serialized with toString: keep it
 * self-contained, with no imports and no closing script tag in its text). Reads the entry and
 * the chunks to preload from its own data attributes.
 */
export function boot(
  doc: Document,
  win: Window,
  capMs: number,
  key: string,
  saidKey: string,
  statusId: string,
  cart: BootCart,
): void {
  const me = doc.currentScript as HTMLScriptElement | null;
  if (!me) return;
  const html = doc.documentElement;
  doc.addEventListener('contextmenu', (event) => event.preventDefault());

  const kept: EarlyPress[] = [];
  (win as unknown as Record<string, EarlyPress[]>)[key] = kept;
  const said: CartSaid[] = [];
  (win as unknown as Record<string, CartSaid[]>)[saidKey] = said;
  // the app takes over once the whole page is hydrated (src/App.tsx marks <html data-hydrated>)
  const appHandles = () => html.hasAttribute('data-hydrated');
  const say = (text: string) => {
    const status = doc.getElementById(statusId);
    if (status) status.textContent = text;
  };
  const keep = (el: Element, value?: string) => {
    const known = kept.filter((p) => p.el === el)[0];
    if (known) known.value = value;
    else kept.push({ el, value });
    el.setAttribute('data-early-pending', '');
    el.setAttribute('aria-busy', 'true');
    say('The page is still starting: your choice is kept and happens in a moment.');
  };
  // "Add to Cart": true when done here (added, or refused by the order limits in the store's
  // words); false leaves it to the app: after a kept press (presses happen in order), with
  // storage off or full, or a stored cart the store would not read as it is
  const addEarly = (el: Element): boolean => {
    const line = el.getAttribute('data-cart-line');
    if (!line || kept.length) return false;
    let done: ReturnType<typeof addToStoredCart> = null;
    try {
      done = cart.addToStoredCart(win.localStorage.getItem(cart.key), JSON.parse(line), cart.version, cart);
      if (done) win.localStorage.setItem(cart.key, done.stored);
    } catch {
      return false;
    }
    if (!done) return false;
    const shown = doc.querySelector<HTMLElement>('[data-cart-button]');
    if (shown) {
      shown.hidden = false;
      shown.setAttribute('aria-label', cart.cartLabel(done.count));
      const count = shown.querySelector('span');
      if (count) count.textContent = String(done.count);
    }
    if (done.said) {
      say(`${done.said.title}: ${done.said.description}`);
      said.push(done.said);
    }
    return true;
  };
  const inApp = (el: Element | null) => !!el && !!doc.getElementById('root')?.contains(el);
  doc.addEventListener(
    'click',
    (event) => {
      if (appHandles()) return;
      const target = event.target as Element | null;
      const el = target?.closest ? target.closest('button, [data-early]') : null;
      if (!el || !inApp(el)) return;
      const button = el as HTMLButtonElement;
      // a visitor form posts itself (its route answers with a result page)
      if (button.type === 'submit' && button.form?.hasAttribute('action')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!addEarly(el)) keep(el);
      // the visitor is acting now: no more waiting for the hero image
      start();
    },
    true,
  );
  doc.addEventListener(
    'change',
    (event) => {
      const el = event.target as HTMLSelectElement | null;
      if (appHandles() || !el || el.tagName !== 'SELECT' || !inApp(el) || el.form?.hasAttribute('action')) return;
      keep(el, el.value);
      start();
    },
    true,
  );
  // A form without an action would reload the page with its fields in the address: it waits
  // for the app (<html data-app>), which handles it.
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement | null;
      if (!html.hasAttribute('data-app') && !form?.hasAttribute('action')) event.preventDefault();
    },
    true,
  );

  const entry = me.getAttribute('data-entry') ?? '';
  const preloads = (me.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    doc.head.appendChild(script);
    // Each request costs the main thread 2-4 ms (traces on a 2-core machine): all ~28 in one
    // task made a 50 ms task, 200 ms on a 4x slower phone, and six per task still made tasks of
    // ~21 ms (84 ms at 4x). Two per task stay under 50 ms at 4x; the first ones go at once.
    const queue = preloads.slice();
    const more = () => {
      for (const href of queue.splice(0, 2)) {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        doc.head.appendChild(link);
      }
      if (queue.length) win.setTimeout(more, 0);
    };
    more();
  };
  // "Painted" means on the screen: a frame is shown some 50-90 ms after the main thread has
  // painted it when the machine is busy (Lighthouse traces), and chunks that arrive in between
  // are counted as holding the paint back (Lighthouse's simulated FCP and LCP take every
  // script that arrived before the observed paint as blocking it: /print-editions 0.76 or
  // 1.35 s by the order of a few ms). Where the browser reports when an element was shown
  // (Element Timing: the hero carries elementtiming; the paint timing's
  // first-contentful-paint), the app waits for that report; elsewhere for the frame after.
  const whenShown = (hero: HTMLImageElement | null, then: () => void) => {
    const Observer = (win as Window & typeof globalThis).PerformanceObserver;
    const type = hero ? 'element' : 'paint';
    if (Observer?.supportedEntryTypes?.indexOf(type) >= 0 && (!hero || hero.hasAttribute('elementtiming'))) {
      const observer = new Observer((list) => {
        for (const e of list.getEntries()) {
          const shown = hero
            ? (e as PerformanceEntry & { element?: Element }).element === hero
            : e.name === 'first-contentful-paint';
          if (shown) {
            observer.disconnect();
            then();
          }
        }
      });
      observer.observe({ type, buffered: true });
      if (hero) {
        // a broken image is never reported as shown, nor one the layout hides (a second after
        // its load; a literal, as this function is serialized)
        hero.addEventListener('error', then, { once: true });
        const late = () => win.setTimeout(then, 1000);
        if (hero.complete) late();
        else hero.addEventListener('load', late, { once: true });
      }
      return;
    }
    const nextFrame = () => win.requestAnimationFrame(() => win.setTimeout(then, 0));
    if (hero && !hero.complete) {
      hero.addEventListener('load', nextFrame, { once: true });
      hero.addEventListener('error', then, { once: true });
    } else nextFrame();
  };
  const whenParsed = () => {
    const root = doc.getElementById('root');
    if (!root?.firstElementChild) {
      start();
      return;
    }
    // a hidden tab never paints: the cap starts the app anyway
    win.setTimeout(start, capMs);
    whenShown(root.querySelector<HTMLImageElement>('img[fetchpriority="high"]'), start);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', whenParsed, { once: true });
  else whenParsed();
}

const ENTRY = /[ \t]*<script\b(?=[^>]*\btype=["']?module["']?)[^>]*\bsrc=["']([^"']+)["'][^>]*>\s*<\/script>\s*/i;
const PRELOAD = /[ \t]*<link\b(?=[^>]*\brel=["']?modulepreload["']?)[^>]*\bhref=["']([^"']+)["'][^>]*>\s*/gi;
// right after the charset declaration, which must stay within the page's first bytes
const CHARSET = /<meta\s+charset=["']?[\w-]+["']?\s*\/?>/i;

/** The cart the boot script is given: the store's key, version and rules, and its functions. */
export const BOOT_CART: BootCart = {
  key: CART_STORAGE.key,
  version: CART_STORAGE.version,
  rules: CART_RULES,
  sanitizeLines,
  addLine,
  saidAfterAdd,
  addToStoredCart,
  cartLabel,
};

/** BOOT_CART as source text: data as JSON, functions as their own source. */
function cartSource(): string {
  const entries = Object.entries(BOOT_CART).map(
    ([k, v]) => `${k}: ${typeof v === 'function' ? v.toString() : JSON.stringify(v)}`,
  );
  return `{ ${entries.join(', ')} }`;
}

/**
 * The boot script's source: the function above, called with the page's document and window,
 * minified (every page's HTML carries it ahead of the stylesheet: 6.5 kB as written, 4.2 kB so).
 */
export function bootSource(): string {
  const args = [
    BOOT_CAP_MS,
    JSON.stringify(EARLY_PRESSES_KEY),
    JSON.stringify(EARLY_SAID_KEY),
    JSON.stringify(EARLY_STATUS_ID),
    cartSource(),
  ];
  const out = minifySync('boot.js', `(${boot.toString()})(document, window, ${args.join(', ')});`);
  if (out.errors.length) throw new Error(`the boot script does not minify: ${out.errors[0]?.message}`);
  return out.code;
}

/**
 * The built page with its entry script and modulepreloads handed to the boot script, inline at
 * the top of <head>; `more` are further chunks to ask for at the same time (what the
 * entry imports on start).
 */
export function inlineBoot(html: string, more: string[] = []): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const listed = [...html.matchAll(PRELOAD)].map((m) => m[1] as string);
  const preloads = [...new Set([...listed, ...more])].filter((href) => href !== entry[1]);
  const source = bootSource();
  if (/<\/script/i.test(source)) throw new Error('the boot script cannot be inlined: it contains "</script"');
  const tag = `<script data-boot data-entry="${entry[1]}" data-preload="${preloads.join(' ')}">${source}</script>`;
  const rest = html.replace(PRELOAD, '').replace(ENTRY, '');
  return rest.replace(CHARSET, (charset) => `${charset}\n    ${tag}`);
}

/**
 * The chunks the entry needs to start: what it imports, what it imports on start with
 * `import()` (src/main.tsx evaluates the libraries one per task), and what those import.
 */
function startChunks(entry: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    for (const dep of chunk.imports) visit(dep);
  };
  for (const f of [...entry.imports, ...entry.dynamicImports]) visit(f);
  return [...seen].map((f) => `/${f}`);
}

/** Rewrites the built index.html to start through the inline boot script. */
export function bootAfterPaintHtml(): Plugin {
  return {
    name: 'atelier-boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => inlineBoot(html, ctx.bundle && ctx.chunk ? startChunks(ctx.chunk, ctx.bundle) : []),
    },
  };
}
