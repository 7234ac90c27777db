// Presses made before the app handled events (the boot script, scripts/vite/boot-after-paint.ts,
// keeps them: a button's click, a select's new value) are carried out once the page has
// hydrated. Hydration keeps the server's DOM nodes, so the kept element is the live one.
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
  for (const { el, value } of presses) {
    el.removeAttribute('data-early-pending');
    el.removeAttribute('aria-busy');
    if (!el.isConnected) continue;
    if (el instanceof HTMLSelectElement && value !== undefined) {
      el.value = value;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (el instanceof HTMLElement) el.click();
  }
}
