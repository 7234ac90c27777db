// The session: PocketBase's LocalAuthStore (localStorage, synced across tabs) refreshed
// once on start. Auth is "loading" until that first check has finished; the stored user is
// known (and shown, e.g. in the menu) from the start.
import { useSyncExternalStore } from 'react';
import { pb } from './client';
import type { UsersRecord } from './types.gen';

type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthSnapshot {
  status: AuthStatus;
  user: UsersRecord | null;
}

let checked = false;
let snapshot: AuthSnapshot = { status: 'loading', user: currentUser() };
/** What a server render sees: nobody is signed in there. */
const SERVER_SNAPSHOT: AuthSnapshot = { status: 'loading', user: null };
const listeners = new Set<() => void>();

function update() {
  const user = currentUser();
  const status: AuthStatus = !checked ? 'loading' : user ? 'signedIn' : 'signedOut';
  if (status !== snapshot.status || user !== snapshot.user) snapshot = { status, user };
  for (const l of listeners) l();
}

pb.authStore.onChange(update);

let ready: Promise<void> | undefined;

/**
 * Resolves once the stored session has been checked with the server. A rejected token
 * (401/403/404: expired, user deleted) signs out; no answer (offline, 429, 5xx) keeps the
 * stored session, so the learner's course keeps working offline.
 */
export function authReady(): Promise<void> {
  ready ??= (async () => {
    try {
      // A hanging network must not keep protected pages spinning: after 5 s the stored
      // session stands (the refresh still lands when it can).
      if (pb.authStore.isValid)
        await Promise.race([pb.collection('users').authRefresh(), new Promise((r) => setTimeout(r, 5000))]);
      else if (pb.authStore.token) pb.authStore.clear();
    } catch (err) {
      const status = (err as { status?: number })?.status ?? 0;
      if (status === 401 || status === 403 || status === 404) pb.authStore.clear();
    } finally {
      checked = true;
      update();
    }
  })();
  return ready;
}

export function currentUser(): UsersRecord | null {
  return pb.authStore.isValid ? (pb.authStore.record as unknown as UsersRecord | null) : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as components see it (the app starts the session check on mount). */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(
    subscribe,
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
