import { readValue, StorageKeys, writeValue } from '@/lib/forms/remembered';

const GRANTED = 'granted';

/** The room stays unlocked on this device once the sign-up was accepted. */
export function hasRoomAccess(): boolean {
  return readValue(StorageKeys.viewingRoomAccess) === GRANTED;
}

export function grantRoomAccess(names?: { firstName: string; lastName: string }): void {
  writeValue(StorageKeys.viewingRoomAccess, GRANTED);
  if (names) {
    writeValue(StorageKeys.viewingRoomFirstName, names.firstName.trim());
    writeValue(StorageKeys.viewingRoomLastName, names.lastName.trim());
  }
}

export function rememberedVisitor(): { firstName: string; lastName: string; email: string } {
  return {
    firstName: readValue(StorageKeys.viewingRoomFirstName) ?? '',
    lastName: readValue(StorageKeys.viewingRoomLastName) ?? '',
    email: readValue(StorageKeys.newsletterEmail) ?? '',
  };
}
