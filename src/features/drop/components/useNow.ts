import { useCallback, useSyncExternalStore } from 'react';
import { useServerRenderTime } from '@/lib/ssr/render-time';
import { TICK_MS } from '../model/countdown';

let current = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribeTicks(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    current = Date.now();
    timer = setInterval(() => {
      current = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const noTicks = () => () => {};

/**
 * The current time, re-rendered every second until `until` has passed. On the server and
 * while hydrating it is the time the server rendered at, so the first render matches the HTML.
 */
export function useNow(until: number): number {
  const rendered = useServerRenderTime();
  const done = current >= until;
  const subscribe = useCallback((listener: () => void) => (done ? noTicks() : subscribeTicks(listener)), [done]);
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => rendered ?? current,
  );
}
