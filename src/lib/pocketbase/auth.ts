import { useSyncExternalStore } from 'react';
import { pb } from './client';

// The sign-in flow arrives with the auth issue; until then the layout only needs to know
// whether a valid session is stored.
function subscribe(onChange: () => void) {
  return pb.authStore.onChange(() => onChange());
}

export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}

/** A stored, unexpired session (the server still checks every request). */
export function isSignedIn(): boolean {
  return pb.authStore.isValid;
}

/** Role and email of the stored user; the API rules are the real gate. */
export function currentRole(): { role: 'learner' | 'admin' | null; email?: string } {
  const record = pb.authStore.isValid ? pb.authStore.record : null;
  if (!record) return { role: null };
  const role = record.role === 'admin' ? 'admin' : 'learner';
  return { role, email: typeof record.email === 'string' ? record.email : undefined };
}

/** Id of the stored user, or null when signed out. */
export function currentUserId(): string | null {
  return pb.authStore.isValid ? (pb.authStore.record?.id ?? null) : null;
}
