// Small values the browser keeps for the visitor: the email they last subscribed with
// (newsletter forms remember it, checkout pre-fills Stripe with it) and the viewing-room
// access. localStorage can be unavailable (private mode, quota, a server render): reads fall
// back to null, writes are best effort.
import { EMAIL_PATTERN } from '@/lib/contract/contract.gen';

export const StorageKeys = {
  newsletterEmail: 'newsletter_email',
  viewingRoomAccess: 'viewing_room_access',
  viewingRoomFirstName: 'viewing_room_first_name',
  viewingRoomLastName: 'viewing_room_last_name',
} as const;

export function readValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeValue(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the value lives for this page only
  }
}

export function rememberNewsletterEmail(email: string): void {
  writeValue(StorageKeys.newsletterEmail, email.trim());
}

/** The remembered newsletter email when it is a valid address, else null. */
export function rememberedNewsletterEmail(): string | null {
  const value = readValue(StorageKeys.newsletterEmail);
  return value && EMAIL_PATTERN.test(value) ? value : null;
}
