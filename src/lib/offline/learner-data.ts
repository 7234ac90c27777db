import { db } from './db';
import { LEARNER_CACHE_PREFIX } from './media-keys';
import { clearOutbox } from './outbox-runtime';

/**
 * Removes what a signed-in learner left on this device: their queued writes, their download
 * rows and progress, the learner tables of the mirror (enrolments, chapter texts) and every
 * cache of learner files. Public content stays for offline browsing, and so does another
 * account's queue and progress (it syncs when that account signs in again).
 */
export async function clearLearnerData(userId: string | undefined): Promise<void> {
  await clearOutbox(userId ? { userId } : {});
  if (userId) await db.downloads.where('userId').equals(userId).delete();
  const progress = [db.chapter_progress, db.task_progress];
  const content = [db.course_enrollments, db.course_modules];
  await db.transaction('rw', [...progress, ...content], async () => {
    await Promise.all(content.map((t) => t.clear()));
    for (const table of progress) {
      if (userId) await table.filter((r) => r.user_id === userId).delete();
      else await table.clear();
    }
  });
  if ('caches' in globalThis) {
    for (const name of await caches.keys()) if (name.startsWith(LEARNER_CACHE_PREFIX)) await caches.delete(name);
  }
}
