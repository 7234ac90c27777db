// The app's outbox instance: real clock, Web Locks, online events, the device database, and
// the session (an account's rows go out only under that account's live session). Import
// this, not outbox.ts.
import { onSessionChange, sessionUserId } from '@/lib/pocketbase/session';
import { db } from './db';
import { importLegacyOutbox } from './legacy-outbox';
import { createOutbox, type OutboxHandler } from './outbox';
import { requestPersistentStorage } from './storage';

const LOCK_NAME = 'atelier-outbox';

let persistAsked = false;

export const outbox = createOutbox(db.outbox, {
  now: () => Date.now(),
  random: Math.random,
  isOnline: () => navigator.onLine,
  canSend: (row) => !row.userId || row.userId === sessionUserId(),
  sendTimeoutMs: 30_000,
  // Queued writes are the learner's work: ask the browser not to evict them (once per page).
  onQueued() {
    if (persistAsked) return;
    persistAsked = true;
    void requestPersistentStorage();
  },
  beforeFirstDrain: async () => {
    await importLegacyOutbox(db.outbox);
  },
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
/**
 * Drains now, when the browser comes back online (rows that failed for lack of a network
 * are due at once then), when the tab becomes visible, and when a session starts.
 */
export function startOutboxDrainer(): () => void {
  if (started) return () => {};
  started = true;
  const kick = () => void outbox.drain();
  const wake = () => void outbox.wake();
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', kick);
  const unsubscribe = onSessionChange(kick);
  kick();
  return () => {
    started = false;
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', kick);
    unsubscribe();
    outbox.stop();
  };
}
