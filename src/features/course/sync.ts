// Registers the course's outbox handlers and starts the drainer (one tab drains). The
// device clock is measured against the server's when online, so progress times agree
// across devices.
import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { deviceClock } from '@/lib/offline/device-clock';
import { registerOutboxHandler, startOutboxDrainer } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';
import { confirmSession, refreshSession } from '@/lib/pocketbase/session';
import { createProgressHandler } from './api/progress-sync';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from './api/progress-records';

let registered = false;

export function startCourseSync(): void {
  if (registered) return;
  registered = true;
  const options = { device: db, confirmSession, clock: deviceClock };
  registerOutboxHandler(CHAPTER_PROGRESS_OP, createProgressHandler(pb, Collections.ChapterProgress, options));
  registerOutboxHandler(TASK_PROGRESS_OP, createProgressHandler(pb, Collections.UserTaskProgress, options));
  void deviceClock.ready();
  if (navigator.onLine) void deviceClock.sync();
  // Back online: the clock and the session are checked again (a session refreshed on every
  // visit online never reaches the end of its lifetime).
  window.addEventListener('online', () => {
    void deviceClock.sync(true);
    void refreshSession();
  });
  startOutboxDrainer();
}
