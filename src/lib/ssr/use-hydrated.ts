import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

/**
 * False on the server and while React hydrates server HTML, true after: for UI that needs the
 * DOM (a portal into document.body) and must not differ from the server's HTML meanwhile.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
