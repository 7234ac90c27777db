import { EMAIL_PATTERN, FORM_LIMITS } from '@/lib/contract/contract.gen';
import type { CartItem } from './cart';
import type { Currency } from './currency';

interface CheckoutToast {
  title: string;
  description?: string;
  destructive?: boolean;
}

/** A browser tab opened synchronously on click (popup blockers allow only that). */
export interface CheckoutTab {
  navigate(url: string): void;
  close(): void;
}

export interface CheckoutDeps {
  items: readonly CartItem[];
  currency: Currency;
  email: string | null;
  online: boolean;
  openTab: () => CheckoutTab | null;
  /** Used when the browser refused to open a tab. */
  navigateHere: (url: string) => void;
  create: (input: {
    items: readonly CartItem[];
    currency: Currency;
    customerEmail: string | null;
  }) => Promise<{ url: string; sessionId?: string }>;
  toast: (t: CheckoutToast) => void;
  /** The checkout opened: clear the cart (remembering it and its session for /payment-canceled). */
  onOpened: (sessionId?: string) => void;
}

export type CheckoutOutcome = 'empty' | 'email' | 'offline' | 'failed' | 'opened';

/**
 * What is wrong with the checkout email ('' when nothing): the server holds the copies under
 * it while the buyer pays, so there is no checkout without one.
 */
export function checkoutEmailProblem(email: string | null): { title: string; description: string } | null {
  const value = (email ?? '').trim();
  if (!value)
    return {
      title: 'Email required',
      description: 'Enter your email address: your copies are held for you under it while you pay.',
    };
  if (value.length > FORM_LIMITS.email || !EMAIL_PATTERN.test(value))
    return { title: 'Invalid email', description: 'Please enter a valid email address.' };
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
 * Print checkout: empty cart → destructive "Empty cart" toast; no or a bad email → "Email
 * required" / "Invalid email" (the field says it too); offline →
 * checkout needs a connection; success → the Stripe page in a new tab, cart cleared,
 * "Redirecting to checkout"; failure → "Checkout failed / {message or Please try again.}".
 */
export async function runCheckout(deps: CheckoutDeps): Promise<CheckoutOutcome> {
  if (deps.items.length === 0) {
    deps.toast({ title: 'Empty cart', description: 'Add some prints to your cart first.', destructive: true });
    return 'empty';
  }
  const emailProblem = checkoutEmailProblem(deps.email);
  if (emailProblem) {
    deps.toast({ ...emailProblem, destructive: true });
    return 'email';
  }
  if (!deps.online) {
    deps.toast({
      title: 'Checkout failed',
      description: 'You are offline. Checkout needs an internet connection.',
      destructive: true,
    });
    return 'offline';
  }
  const tab = deps.openTab();
  try {
    const { url, sessionId } = await deps.create({
      items: deps.items,
      currency: deps.currency,
      customerEmail: (deps.email ?? '').trim(),
    });
    if (!url) throw new Error('No checkout URL received');
    if (tab) tab.navigate(url);
    deps.onOpened(sessionId);
    deps.toast({ title: 'Redirecting to checkout' });
    if (!tab) deps.navigateHere(url);
    return 'opened';
  } catch (err) {
    tab?.close();
    deps.toast({ title: 'Checkout failed', description: messageOf(err) || 'Please try again.', destructive: true });
    return 'failed';
  }
}
