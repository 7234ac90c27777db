import { useSyncExternalStore } from 'react';
import { pb } from './client';

// The sign-in flow arrives with the auth issue; until then the layout only needs to know
// whether a valid session is stored.
function subscribe(onChange: () => void) {
  return pb.authStore.onChange(() => onChange());
}

const isSignedIn = () => pb.authStore.isValid;

export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}
