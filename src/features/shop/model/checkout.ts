import { EMAIL_PATTERN, FORM_LIMITS } from '@/lib/contract/contract.gen';
import type { CartItem } from './cart';
import type { Currency } from './currency';

interface CheckoutToast {
  title: string;
  description?: string;
  destructive?: boolean;
}

export interface CheckoutDeps {
  items: readonly CartItem[];
  currency: Currency;
  email: string | null;
  online: boolean;
  /**
   * The Stripe session an earlier checkout of this cart opened, when the buyer came back
   * without paying or canceling (the back button): closed first, so its copies are not held twice.
   */
  previousSession: string | null;
  cancel: (sessionId: string) => Promise<unknown>;
  create: (input: {
    items: readonly CartItem[];
    currency: Currency;
    customerEmail: string | null;
  }) => Promise<{ url: string; sessionId?: string }>;
  /** Leaves for the Stripe page in this tab. */
  navigate: (url: string) => void;
  toast: (t: CheckoutToast) => void;
  /** The checkout opened: remember its session (the cart itself stays until the order is paid). */
  onOpened: (sessionId?: string) => void;
}

export type CheckoutOutcome = 'empty' | 'email' | 'offline' | 'failed' | 'opened';

/**
 * What is wrong with the checkout email (null when nothing), as the field says it: the server
 * holds the copies under it while the buyer pays, so there is no checkout without one.
 */
export function checkoutEmailProblem(email: string | null): string | null {
  const value = (email ?? '').trim();
  if (!value) return 'Enter your email address: your copies are held for you under it while you pay.';
  if (value.length > FORM_LIMITS.email || !EMAIL_PATTERN.test(value)) return 'Please enter a valid email address.';
  return null;
}

function messageOf(err: unknown): string {
  const m =
    err instanceof Error
      ? err.message
      : typeof err === 'object' && err && 'message' in err
        ? String((err as { message: unknown }).message)
        : '';
  return m.trim();
}

/**
 * Print checkout: empty cart → destructive "Empty cart" toast; no or a bad email → 'email' and
 * no toast (the field says it, once; CheckoutButton focuses it); offline → checkout needs a connection; success → "Redirecting to checkout" and the Stripe page in this
 * tab, the cart kept (a buyer who leaves Stripe still has it; /payment-success removes what was
 * paid); failure → "Checkout failed / {message or Please try again.}".
 */
export async function runCheckout(deps: CheckoutDeps): Promise<CheckoutOutcome> {
  if (deps.items.length === 0) {
    deps.toast({ title: 'Empty cart', description: 'Add some prints to your cart first.', destructive: true });
    return 'empty';
  }
  if (checkoutEmailProblem(deps.email)) return 'email';
  if (!deps.online) {
    deps.toast({
      title: 'Checkout failed',
      description: 'You are offline. Checkout needs an internet connection.',
      destructive: true,
    });
    return 'offline';
  }
  try {
    // Best effort: a session that cannot be closed now lapses by itself.
    if (deps.previousSession) await deps.cancel(deps.previousSession).catch(() => undefined);
    const { url, sessionId } = await deps.create({
      items: deps.items,
      currency: deps.currency,
      customerEmail: (deps.email ?? '').trim(),
    });
    if (!url) throw new Error('No checkout URL received');
    deps.onOpened(sessionId);
    deps.toast({ title: 'Redirecting to checkout' });
    deps.navigate(url);
    return 'opened';
  } catch (err) {
    deps.toast({ title: 'Checkout failed', description: messageOf(err) || 'Please try again.', destructive: true });
    return 'failed';
  }
}
