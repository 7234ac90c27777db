// The session: PocketBase's LocalAuthStore (localStorage, synced across tabs), refreshed on
// start and whenever the browser comes back online. The signed-in learner is the stored
// account whatever the token's age: offline they keep everything on the device. Only a live
// session (an unexpired token the server has not refused) reads their data from the server
// or sends their queued writes; when it has ended, the device keeps the account, its data
// and its queue, and the learner is asked to sign in again (docs/sync.md).
import { useSyncExternalStore } from 'react';
import { deviceClock } from '@/lib/offline/device-clock';
import { rememberDeviceUser } from '@/lib/offline/device-user';
import { pb } from './client';
import { isLive, refreshStored, type SessionCheck, tokenExpiry } from './session-state';
import type { UsersRecord } from './types.gen';

/** loading: not checked yet; expired: the account is on the device but must sign in again. */
type AuthStatus = 'loading' | 'signedIn' | 'expired' | 'signedOut';

export interface AuthSnapshot {
  status: AuthStatus;
  user: UsersRecord | null;
}

/** A learner's data was asked of the server while their session has ended (nothing was sent). */
export class SessionExpiredError extends Error {
  readonly status = 401;
  constructor() {
    super('Your session has expired. Sign in again to load this.');
    this.name = 'SessionExpiredError';
  }
}

let checked = false;
let snapshot: AuthSnapshot = { status: 'loading', user: currentUser() };
/** What a server render sees: nobody is signed in there. */
const SERVER_SNAPSHOT: AuthSnapshot = { status: 'loading', user: null };
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/** The stored account, live or expired (null when nobody is signed in on this device). */
export function currentUser(): UsersRecord | null {
  const record = pb.authStore.record as unknown as UsersRecord | null;
  return record?.id ? record : null;
}

/** True while the token is unexpired (by the server's clock) and the server has not refused it. */
export function sessionLive(): boolean {
  return isLive(pb.authStore, deviceClock.now());
}

/** The account whose writes may be sent now, or null. */
export function sessionUserId(): string | null {
  return sessionLive() ? (currentUser()?.id ?? null) : null;
}

/** For the queries of a learner's own data: with no live session they answer from the device. */
export function requireLiveSession(): void {
  if (!sessionLive()) throw new SessionExpiredError();
}

function update() {
  const user = currentUser();
  const status: AuthStatus = !checked ? 'loading' : !user ? 'signedOut' : sessionLive() ? 'signedIn' : 'expired';
  if (status !== snapshot.status || user !== snapshot.user) snapshot = { status, user };
  void rememberDeviceUser(user?.id ?? null);
  // A token can expire while the page is open: look again at that moment.
  clearTimeout(expiryTimer);
  const exp = sessionLive() ? tokenExpiry(pb.authStore.token) : null;
  if (exp !== null && typeof window !== 'undefined')
    expiryTimer = setTimeout(update, Math.min(2 ** 31 - 1, Math.max(0, exp - deviceClock.now() + 50)));
  for (const l of listeners) l();
}

pb.authStore.onChange(update);

let refreshing: Promise<SessionCheck> | undefined;

/**
 * Renews a live session (session-state.ts): a new token, valid for the full lifetime again.
 * An expired or refused token ends the session but keeps the account, its data and its queue.
 */
export function refreshSession(): Promise<SessionCheck> {
  refreshing ??= (async () => {
    try {
      await deviceClock.ready();
      return await refreshStored(pb, deviceClock.now(), deviceClock.known());
    } finally {
      refreshing = undefined;
      update();
    }
  })();
  return refreshing;
}

/**
 * Checks the session with the server (a refused write asks this): 'unknown' when the server
 * gave no answer, since a token the device thinks live may be one the server let expire.
 */
export async function confirmSession(): Promise<SessionCheck> {
  const check = await refreshSession();
  if (check === 'unknown') return check;
  return sessionLive() ? 'live' : 'ended';
}

let ready: Promise<void> | undefined;

/** Resolves once the stored session has been checked with the server (or 5 s have passed). */
export function authReady(): Promise<void> {
  ready ??= (async () => {
    try {
      // A hanging network must not keep protected pages spinning: after 5 s the stored
      // session stands (the refresh still lands when it can).
      await Promise.race([refreshSession(), new Promise((r) => setTimeout(r, 5000))]);
    } finally {
      checked = true;
      update();
    }
  })();
  return ready;
}

/** Calls `listener` whenever the session changes (sign-in, sign-out, refresh, expiry). */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as components see it (the app starts the session check on mount). */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(
    onSessionChange,
    () => snapshot,
    () => SERVER_SNAPSHOT,
  );
}

/** Only same-site paths may be returned to after sign-in. */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (value === '/auth' || value.startsWith('/auth?')) return '/';
  return value;
}

/** Query keys of the signed-in user's own data start with this, so signing in refreshes all of it at once. */
export const OWN_DATA_KEY = ['me'] as const;
