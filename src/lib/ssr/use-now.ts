import { useCallback, useSyncExternalStore } from 'react';
import { useServerRenderTime } from './render-time';

/** Every second: the drop's countdown ticks by it. */
const TICK_MS = 1000;

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
 * The current time, re-rendered every second until `until` has passed (pass 0 for a clock that
 * is read once: the page's state cannot change while it is open). On the server and
 * while hydrating it is the time the server rendered at, so the first render matches the HTML.
 */
export function useNow(until: number): number {
  const rendered = useServerRenderTime();
  const done = current >= until;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!done) return subscribeTicks(listener);
      // no ticks needed: read the clock once as the page mounts (it may have been idle for hours)
      current = Date.now();
      return noTicks();
    },
    [done],
  );
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => rendered ?? current,
  );
}
