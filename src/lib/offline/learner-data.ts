import { db } from './db';
import { LEARNER_CACHE_PREFIX } from './media-keys';
import { clearOutbox } from './outbox-runtime';

/**
 * Removes what a signed-in learner left on this device: their queued writes, their download
 * rows, the learner tables of the mirror (enrolments, chapter texts, progress) and every
 * cache of learner files. Public content stays for offline browsing.
 */
export async function clearLearnerData(userId: string | undefined): Promise<void> {
  await clearOutbox(userId ? { userId } : {});
  if (userId) await db.downloads.where('userId').equals(userId).delete();
  const tables = [db.course_enrollments, db.course_modules, db.chapter_progress, db.task_progress];
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((t) => t.clear()));
  });
  if ('caches' in globalThis) {
    for (const name of await caches.keys()) if (name.startsWith(LEARNER_CACHE_PREFIX)) await caches.delete(name);
  }
}
