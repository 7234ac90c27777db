import { EMAIL_PATTERN } from '@/lib/contract/contract.gen';

/**
 * The email a visitor last subscribed with (SPEC §3 "newsletter_email"): the newsletter
 * forms remember it, checkout pre-fills Stripe with it. Unreadable storage → null.
 */
export const REMEMBERED_EMAIL_KEY = 'newsletter_email';

export function readRememberedEmail(): string | null {
  try {
    const v = localStorage.getItem(REMEMBERED_EMAIL_KEY);
    return v && EMAIL_PATTERN.test(v) ? v : null;
  } catch {
    return null;
  }
}

export function rememberEmail(email: string): void {
  try {
    localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
  } catch {
    // private mode or full storage: nothing to remember
  }
}
