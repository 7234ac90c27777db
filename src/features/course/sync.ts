// Registers the course's outbox handlers and starts the drainer (one tab drains). The
// device clock is measured against the server's when online, so progress times agree
// across devices. On start and on every reconnect the learner's courses are checked with the
// server: one they no longer have (refunded) leaves the device (api/course-access.ts), then
// the learner's home pages are mirrored, so they open offline unvisited (api/learner-home.ts).
import type { QueryClient } from '@tanstack/react-query';
import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { deviceClock } from '@/lib/offline/device-clock';
import { registerOutboxHandler, startOutboxDrainer } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';
import { authReady, confirmSession, OWN_DATA_KEY, refreshSession, sessionUserId } from '@/lib/pocketbase/session';
import { checkCourseAccess, finishForgetting } from './api/course-access';
import { mirrorLearnerHome } from './api/learner-home';
import { createProgressHandler } from './api/progress-sync';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from './api/progress-records';

let registered = false;

/** Forgets courses the signed-in learner lost; their pages read again. Failures wait for the next check. */
async function syncCourseAccess(queryClient: QueryClient): Promise<void> {
  const userId = sessionUserId();
  if (!userId) return;
  // copies of a course forgotten on a page that closed too soon: no connection needed
  await finishForgetting(userId).catch((err) => console.warn('[course] could not delete forgotten copies', err));
  if (!navigator.onLine) return;
  try {
    const gone = await checkCourseAccess(userId);
    if (gone.length) await queryClient.invalidateQueries({ queryKey: [...OWN_DATA_KEY, userId] });
  } catch (err) {
    console.warn('[course] could not check course access', err);
  }
  if (sessionUserId() !== userId) return;
  await mirrorLearnerHome(queryClient, userId).catch((err) =>
    console.warn('[course] could not keep the learner home pages for offline use', err),
  );
}

export function startCourseSync(queryClient: QueryClient): void {
  if (registered) return;
  registered = true;
  const options = { device: db, confirmSession, clock: deviceClock };
  registerOutboxHandler(CHAPTER_PROGRESS_OP, createProgressHandler(pb, Collections.ChapterProgress, options));
  registerOutboxHandler(TASK_PROGRESS_OP, createProgressHandler(pb, Collections.UserTaskProgress, options));
  void deviceClock.ready();
  if (navigator.onLine) void deviceClock.sync();
  void authReady().then(() => syncCourseAccess(queryClient));
  // Back online: the clock and the session are checked again (a session refreshed on every
  // visit online never reaches the end of its lifetime), then the learner's courses.
  window.addEventListener('online', () => {
    void deviceClock.sync(true);
    void refreshSession().then(() => syncCourseAccess(queryClient));
  });
  startOutboxDrainer();
}
