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
