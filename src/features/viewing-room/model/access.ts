// The viewing room pass this device holds: `{token, expiresAt}`, issued by the server with a
// viewing-room sign-up (or carried by the welcome mail's link) and checked by it on every read
// of the room (docs/api.md, "Viewing room"). The device keeps it so the room opens on later
// visits, offline too, until it expires; the server ends it earlier on unsubscribe.
import { useSyncExternalStore } from 'react';
import { readValue, StorageKeys, writeValue } from '@/lib/forms/remembered';

export interface RoomPass {
  token: string;
  /** ISO time the server says the pass ends. */
  expiresAt: string;
}

const TOKEN = /^[a-z0-9]{15}\.[0-9]{10}\.[a-f0-9]{64}$/;

/** A pass as the server sent it, or null when `value` is not one. */
function asRoomPass(value: unknown): RoomPass | null {
  if (!value || typeof value !== 'object') return null;
  const { token, expiresAt } = value as Record<string, unknown>;
  if (typeof token !== 'string' || !TOKEN.test(token) || typeof expiresAt !== 'string') return null;
  return Number.isNaN(Date.parse(expiresAt)) ? null : { token, expiresAt };
}

/** The pass in a viewing-room sign-up's answer (`{ok, room}`), or null. */
export function passFromSignUp(answer: unknown): RoomPass | null {
  return answer && typeof answer === 'object' ? asRoomPass((answer as { room?: unknown }).room) : null;
}

const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

let cache: { raw: string | null; pass: RoomPass | null } = { raw: null, pass: null };

/** The pass while it is valid by this device's clock, else null. */
export function readRoomPass(now = Date.now()): RoomPass | null {
  const raw = readValue(StorageKeys.viewingRoomAccess);
  if (raw !== cache.raw) {
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      // an old "granted" flag or anything unreadable: no pass
    }
    cache = { raw, pass: asRoomPass(parsed) };
  }
  return cache.pass && Date.parse(cache.pass.expiresAt) > now ? cache.pass : null;
}

export function hasRoomAccess(): boolean {
  return readRoomPass() !== null;
}

/** Keeps the pass (and the visitor's names for the inquiry form), and opens the room. */
export function grantRoomPass(pass: RoomPass, names?: { firstName: string; lastName: string }): void {
  if (names) rememberVisitorNames(names);
  writeValue(StorageKeys.viewingRoomAccess, JSON.stringify(pass));
  changed();
}

/** Drops the pass: it expired, or the server says it has ended. */
export function endRoomPass(): void {
  try {
    window.localStorage.removeItem(StorageKeys.viewingRoomAccess);
  } catch {
    // storage unavailable: nothing was kept
  }
  changed();
}

export function rememberVisitorNames(names: { firstName: string; lastName: string }): void {
  writeValue(StorageKeys.viewingRoomFirstName, names.firstName.trim());
  writeValue(StorageKeys.viewingRoomLastName, names.lastName.trim());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab granted or ended the pass
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === StorageKeys.viewingRoomAccess) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The device's valid pass, re-rendering when it is granted or ended (in any tab). A server render has none. */
export function useRoomPass(): RoomPass | null {
  return useSyncExternalStore(subscribe, readRoomPass, () => null);
}

export function rememberedVisitor(): { firstName: string; lastName: string; email: string } {
  return {
    firstName: readValue(StorageKeys.viewingRoomFirstName) ?? '',
    lastName: readValue(StorageKeys.viewingRoomLastName) ?? '',
    email: readValue(StorageKeys.newsletterEmail) ?? '',
  };
}
