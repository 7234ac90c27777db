// Small values the browser keeps for the visitor (SPEC §3 "Browser storage values").
// localStorage can be unavailable (private mode, quota): reads fall back, writes are best effort.

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

export function rememberedNewsletterEmail(): string | null {
  return readValue(StorageKeys.newsletterEmail);
}
