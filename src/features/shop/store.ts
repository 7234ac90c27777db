import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { toast } from '@/ui/toast/toast-store';
import {
  addToItems,
  type CartItem,
  cartCount,
  cartTotal,
  type NewCartItem,
  removeFromItems,
  sanitizeItems,
} from './model/cart';
import { type Currency, currencyForLanguages, isCurrency } from './model/currency';

/** localStorage key; bump the suffix (and migrate) when the stored shape changes. */
export const CART_STORAGE_KEY = 'atelier-cart-v1';

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
  setCurrency: (currency: Currency) => void;
  /** The cart a checkout was started with, kept so /payment-canceled can restore it. */
  lastCheckout: CartItem[] | null;
  /** The Stripe session of that checkout: /payment-canceled closes it when its URL lacks the id. */
  lastCheckoutSession: string | null;
  /** Checkout opened: the cart is cleared and remembered as lastCheckout. */
  checkoutStarted: (sessionId?: string) => void;
  /** /payment-canceled: put the remembered cart back (merged with anything added since). */
  restoreLastCheckout: () => void;
  /** /payment-success: the payment went through, nothing to restore. */
  forgetLastCheckout: () => void;
  /** /payment-canceled: the server closed that session. */
  forgetLastCheckoutSession: () => void;
  /** The email typed for checkout (null: none yet): kept while the page is open, not stored on the device. */
  checkoutEmail: string | null;
  setCheckoutEmail: (email: string) => void;
}

function browserCurrency(): Currency {
  if (typeof navigator === 'undefined') return 'eur';
  return currencyForLanguages(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

type Persisted = Pick<CartState, 'items' | 'currency' | 'lastCheckout' | 'lastCheckoutSession'>;

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

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      // The server and the first (hydrating) render show EUR; the visitor's stored choice, or
      // else a guess from the browser's languages, applies from the store's hydration on.
      currency: 'eur',
      add: (item, quantity) => {
        const next = addToItems(get().items, item, quantity);
        set({ items: next.items });
        if (next.refused) toast({ title: 'Cart limit', description: next.refused, destructive: true });
        else if (next.added) toast({ title: 'Added to cart', description: item.title });
      },
      remove: (id) => set({ items: removeFromItems(get().items, id) }),
      clear: () => set({ items: [] }),
      setCurrency: (currency) => set({ currency }),
      lastCheckout: null,
      lastCheckoutSession: null,
      checkoutStarted: (sessionId) =>
        set((s) => ({
          lastCheckout: s.items.length ? s.items : s.lastCheckout,
          lastCheckoutSession: sessionId || null,
          items: [],
        })),
      restoreLastCheckout: () =>
        set((s) => {
          let items = s.items;
          for (const line of s.lastCheckout ?? []) items = addToItems(items, line, line.quantity).items;
          return { items, lastCheckout: null };
        }),
      forgetLastCheckout: () => set({ lastCheckout: null, lastCheckoutSession: null }),
      forgetLastCheckoutSession: () => set({ lastCheckoutSession: null }),
      checkoutEmail: null,
      setCheckoutEmail: (checkoutEmail) => set({ checkoutEmail }),
    }),
    {
      name: CART_STORAGE_KEY,
      // src/main.tsx restores it: before the first render of the app shell, but only after
      // React has taken over a server-rendered page, whose HTML shows the empty EUR cart
      skipHydration: true,
      version: 1,
      storage: safeStorage,
      partialize: (state): Persisted => ({
        items: state.items,
        currency: state.currency,
        lastCheckout: state.lastCheckout,
        lastCheckoutSession: state.lastCheckoutSession,
      }),
      // Storage is user-controlled: keep only well-formed lines and a known currency.
      merge: (persisted, current) => {
        const p = (typeof persisted === 'object' && persisted !== null ? persisted : {}) as Partial<
          Record<keyof Persisted, unknown>
        >;
        const last = sanitizeItems(p.lastCheckout);
        const session =
          typeof p.lastCheckoutSession === 'string' && CHECKOUT_SESSION_RE.test(p.lastCheckoutSession)
            ? p.lastCheckoutSession
            : null;
        return {
          ...current,
          items: sanitizeItems(p.items),
          // nothing usable stored (a first visit): a guess from the browser's languages
          currency: isCurrency(p.currency) ? p.currency : browserCurrency(),
          lastCheckout: last.length ? last : null,
          lastCheckoutSession: session,
        };
      },
    },
  ),
);

export const selectCartCount = (state: CartState) => cartCount(state.items);
export const selectCartTotal = (state: CartState) => cartTotal(state.items);
