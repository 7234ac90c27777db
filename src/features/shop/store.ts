import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { renderedCurrency } from '@/lib/ssr/state';
import { toast } from '@/ui/toast/toast-store';
import {
  addToItems,
  type CartItem,
  cartCount,
  cartTotal,
  type NewCartItem,
  removeFromItems,
  removePaidLines,
  type PaidLine,
  sanitizeItems,
  withLines,
} from './model/cart';
import { CART_RULES, CART_STORAGE, type CartSaid, saidAfterAdd } from './model/cart-rules';
import { type Currency, currencyCookie, currencyForLanguages, isCurrency } from './model/currency';

/**
 * localStorage key; bump the suffix (and migrate) when the stored shape changes. The boot script
 * writes this shape too (an "Add to Cart" before the app has started: model/cart-rules.ts).
 */
export const CART_STORAGE_KEY = CART_STORAGE.key;

/** A Stripe Checkout Session id (cs_test_…, cs_live_…). */
const CHECKOUT_SESSION_RE = /^cs_[A-Za-z0-9_]{1,250}$/;

export interface CartState {
  items: CartItem[];
  currency: Currency;
  /**
   * Adds `quantity` (default 1); a new line shows the "Added to cart" toast, and what the
   * order limits keep out is said in a toast instead.
   */
  add: (item: NewCartItem, quantity?: number) => void;
  remove: (id: string) => void;
  clear: () => void;
  /** Undo: puts lines back that are not in the cart (again). */
  restoreLines: (lines: readonly CartItem[]) => void;
  setCurrency: (currency: Currency) => void;
  /**
   * The Stripe session of the last checkout this cart opened: /payment-canceled closes it when
   * its URL lacks the id, and the next checkout closes it before opening another.
   */
  lastCheckoutSession: string | null;
  /** Checkout opened: its session is remembered; the cart stays as it is until it is paid. */
  checkoutStarted: (sessionId?: string) => void;
  /** /payment-success of a paid order: what it bought leaves the cart (anything added since stays). */
  orderPaid: (sessionId: string, lines: readonly PaidLine[]) => void;
  /** /payment-canceled: the server closed that session. */
  forgetLastCheckoutSession: () => void;
  /** The email typed for checkout (null: none yet): kept while the page is open, not stored on the device. */
  checkoutEmail: string | null;
  setCheckoutEmail: (email: string) => void;
}

/**
 * A first visit's currency: the one the server rendered the page's prices in (from the same
 * guess), else a guess from the browser's languages.
 */
function firstVisitCurrency(): Currency {
  const rendered = typeof document === 'undefined' ? null : renderedCurrency(document);
  if (isCurrency(rendered)) return rendered;
  if (typeof navigator === 'undefined') return 'eur';
  return currencyForLanguages(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** The currency the server rendered this page's prices in; EUR on the server and the shell. */
function pageCurrency(): Currency {
  if (typeof document === 'undefined') return 'eur';
  const rendered = renderedCurrency(document);
  return isCurrency(rendered) ? rendered : 'eur';
}

/** The server reads the visitor's currency from a cookie (pb_hooks/lib/pages/ssr.js). */
function keepCurrencyCookie(currency: Currency) {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves (Firefox)
    document.cookie = currencyCookie(currency, location.protocol === 'https:');
  } catch {
    // cookies off: the server guesses from the browser's languages
  }
}

type Persisted = Pick<CartState, 'items' | 'currency' | 'lastCheckoutSession'>;

/**
 * localStorage that never throws: unparsable JSON reads as "nothing stored" (so `merge`
 * starts from an empty cart), and a full or disabled storage simply does not persist.
 */
const safeStorage: PersistStorage<Persisted> = {
  getItem(name) {
    try {
      const raw = localStorage.getItem(name);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch {
      // Quota or privacy mode: the cart still works for this visit.
    }
  },
  removeItem(name) {
    try {
      localStorage.removeItem(name);
    } catch {
      // Nothing to do.
    }
  },
};

/** The cart's toast for an add: the last print added replaces the one before; refusals stay. */
export function showCartSaid(said: CartSaid): void {
  toast(said.destructive ? said : { ...said, group: 'cart-added' });
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      // A server-rendered page's prices are in the visitor's currency already: the app starts
      // (and hydrates) with it. (Not set later with setState: persist would write the empty
      // cart over the stored one before restoring it.) The app shell's prices take the stored
      // choice, or a guess, on restore.
      currency: pageCurrency(),
      add: (item, quantity) => {
        const next = addToItems(get().items, item, quantity);
        set({ items: next.items });
        const said = saidAfterAdd(next, item.title, CART_RULES);
        if (said) showCartSaid(said);
      },
      remove: (id) => set({ items: removeFromItems(get().items, id) }),
      clear: () => set({ items: [] }),
      restoreLines: (lines) => set((s) => ({ items: withLines(s.items, lines) })),
      setCurrency: (currency) => {
        set({ currency });
        keepCurrencyCookie(currency);
      },
      lastCheckoutSession: null,
      checkoutStarted: (sessionId) => set({ lastCheckoutSession: sessionId || null }),
      orderPaid: (sessionId, lines) =>
        set((s) => ({
          items: removePaidLines(s.items, lines),
          lastCheckoutSession: s.lastCheckoutSession === sessionId ? null : s.lastCheckoutSession,
        })),
      forgetLastCheckoutSession: () => set({ lastCheckoutSession: null }),
      checkoutEmail: null,
      setCheckoutEmail: (checkoutEmail) => set({ checkoutEmail }),
    }),
    {
      name: CART_STORAGE_KEY,
      // src/main.tsx restores it: before the first render of the app shell, but only after
      // React has taken over a server-rendered page, whose HTML shows the empty EUR cart
      skipHydration: true,
      version: CART_STORAGE.version,
      storage: safeStorage,
      partialize: (state): Persisted => ({
        items: state.items,
        currency: state.currency,
        lastCheckoutSession: state.lastCheckoutSession,
      }),
      // a choice stored before the cookie existed reaches the server from now on
      onRehydrateStorage: () => (state) => {
        if (state) keepCurrencyCookie(state.currency);
      },
      // Storage is user-controlled: keep only well-formed lines and a known currency.
      merge: (persisted, current) => {
        const p = (typeof persisted === 'object' && persisted !== null ? persisted : {}) as Partial<
          Record<keyof Persisted, unknown>
        >;
        const session =
          typeof p.lastCheckoutSession === 'string' && CHECKOUT_SESSION_RE.test(p.lastCheckoutSession)
            ? p.lastCheckoutSession
            : null;
        return {
          ...current,
          // Earlier versions emptied the cart when a checkout opened and kept it aside
          // (lastCheckout) until it was paid: what is still aside comes back.
          items: withLines(sanitizeItems(p.items), sanitizeItems((p as { lastCheckout?: unknown }).lastCheckout)),
          // nothing usable stored (a first visit): what the page shows, or a guess
          currency: isCurrency(p.currency) ? p.currency : firstVisitCurrency(),
          lastCheckoutSession: session,
        };
      },
    },
  ),
);

export const selectCartCount = (state: CartState) => cartCount(state.items);
export const selectCartTotal = (state: CartState) => cartTotal(state.items);

const currentCurrency = () => useCartStore.getState().currency;

/**
 * The visitor's currency. Unlike useCartStore(selector), whose server snapshot is the store's
 * initial state (EUR), the server render and the hydrating render read the currency the store
 * holds then: the visitor's, which the renderer and src/start.tsx set first.
 */
export function useCurrency(): Currency {
  return useSyncExternalStore(useCartStore.subscribe, currentCurrency, currentCurrency);
}
