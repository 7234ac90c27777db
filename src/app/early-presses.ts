// Presses made before the app handled events (the boot script, scripts/vite/boot-after-paint.ts,
// keeps them: a button's click, a select's new value) are carried out once the page has
// hydrated. Hydration keeps the server's DOM nodes, so the kept element is the live one; over
// the server's frame of a page (which the app renders anew) a press goes to the same control.
// What the boot script did itself ("Add to Cart") it said only in the page's status line,
// which is for screen readers; the app then shows the store's toast for it.
import type { CartSaid } from '@/features/shop/model/cart-rules';
import { showCartSaid } from '@/features/shop/store';

interface EarlyPress {
  el: Element;
  value?: string;
}

// the boot script's names (EARLY_PRESSES_KEY, EARLY_SAID_KEY, EARLY_STATUS_ID); src/ cannot import scripts/
const KEY = '__atelierEarlyPresses';
const SAID_KEY = '__atelierEarlySaid';
const STATUS_ID = 'early-status';

/** What the boot script left under `key`, taken once. */
function taken<T>(key: string): T[] {
  const left = (window as unknown as Record<string, T[] | undefined>)[key];
  return left ? left.splice(0) : [];
}

/**
 * The app handles the page from here on (hydrated, the cart and currency restored): the boot
 * script stops keeping presses (<html data-hydrated>; the tests wait for it too), and those
 * it kept happen now.
 */
export function appReady(): void {
  document.documentElement.setAttribute('data-hydrated', '');
  // after React has committed what restoring the cart changed: a change event makes it flush
  // that render first, which would put the restored currency back over a replayed choice
  setTimeout(replayEarlyPresses, 0);
}

/**
 * Shows the toasts of what the boot script did, then carries out the kept presses, once each, in
 * the order they were made (the boot script keeps none before an add it did itself).
 */
export function replayEarlyPresses(): void {
  const said = taken<CartSaid>(SAID_KEY);
  const presses = taken<EarlyPress>(KEY);
  const status = document.getElementById(STATUS_ID);
  if (status) status.textContent = '';
  for (const s of said) showCartSaid(s);
  for (const press of presses) {
    press.el.removeAttribute('data-early-pending');
    press.el.removeAttribute('aria-busy');
    const el = press.el.isConnected ? press.el : counterpart(press.el);
    if (!el) continue;
    if (el instanceof HTMLSelectElement && press.value !== undefined) {
      el.value = press.value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (el instanceof HTMLElement) el.click();
  }
}

/**
 * The app's control in the place of `gone`, one the app rendered over instead of hydrating (the
 * server's frame of a page, src/start.tsx): found by the same path of tags from #root, and
 * taken only if it is the same control (its test id, else its text).
 */
function counterpart(gone: Element): Element | null {
  const steps: [string, number][] = [];
  let node: Element | null = gone;
  for (; node?.parentElement; node = node.parentElement) {
    const tag = node.tagName;
    steps.unshift([tag, [...node.parentElement.children].filter((c) => c.tagName === tag).indexOf(node)]);
  }
  // the frame's one node under #root: it keeps its own tree when React removes it
  if (!node) return null;
  steps.unshift([node.tagName, 0]);
  let found: Element | null | undefined = document.getElementById('root');
  for (const [tag, index] of steps) found = [...(found?.children ?? [])].filter((c) => c.tagName === tag)[index];
  if (!found || found.tagName !== gone.tagName) return null;
  const id = (el: Element) => el.getAttribute('data-testid') ?? el.textContent?.trim();
  return id(found) === id(gone) ? found : null;
}
