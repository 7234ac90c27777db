// The app's outbox instance: real clock, Web Locks, online events. Import this, not outbox.ts.
import { useEffect, useState } from 'react';
import { createOutbox, OutboxDb, type OutboxHandler, type OutboxStatus } from './outbox';

const LOCK_NAME = 'atelier-outbox';

export const outbox = createOutbox(new OutboxDb(), {
  now: () => Date.now(),
  random: Math.random,
  isOnline: () => navigator.onLine,
  async withLock(fn) {
    if (!('locks' in navigator)) {
      await fn();
      return true;
    }
    return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await fn();
      return true;
    });
  },
  setTimer(fn, ms) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
});

export function registerOutboxHandler(op: string, handler: OutboxHandler) {
  outbox.register(op, handler);
  void outbox.drain();
}

export const enqueue = outbox.enqueue;
export const clearOutbox = outbox.clear;

let started = false;
/** Drains now, whenever the browser comes back online, and when the tab becomes visible. */
export function startOutboxDrainer(): () => void {
  if (started) return () => {};
  started = true;
  const kick = () => void outbox.drain();
  window.addEventListener('online', kick);
  document.addEventListener('visibilitychange', kick);
  kick();
  return () => {
    started = false;
    window.removeEventListener('online', kick);
    document.removeEventListener('visibilitychange', kick);
    outbox.stop();
  };
}

const EMPTY: OutboxStatus = { pending: 0, failed: 0, syncing: false };

export function useOutboxStatus(): OutboxStatus {
  const [status, setStatus] = useState<OutboxStatus>(EMPTY);
  useEffect(() => {
    let alive = true;
    const refresh = () => {
      void outbox.status().then((s) => {
        if (alive) setStatus(s);
      });
    };
    refresh();
    const unsubscribe = outbox.subscribe(refresh);
    return () => {
      alive = false;
      unsubscribe();
    };
  }, []);
  return status;
}
