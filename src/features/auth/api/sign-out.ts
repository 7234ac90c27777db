import type { QueryClient } from '@tanstack/react-query';
import { db } from '@/lib/offline/db';
import { clearDownloads } from '@/lib/offline/downloads';
import { clearOutbox } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';

/** Caches that may hold a learner's files for offline use. */
const LEARNER_CACHE_PREFIX = 'atelier-learner-';

/**
 * Signs out and removes the learner's data from this device: queued progress, the course
 * mirror (enrolments, chapter texts, progress), offline downloads and cached queries.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const userId = pb.authStore.record?.id;
  try {
    await clearOutbox(userId ? { userId } : {});
    // Rows and copies of this user's offline downloads (the loop below also drops the cache).
    await clearDownloads(userId);
    await db.transaction('rw', [db.course_enrollments, db.course_modules, db.chapter_progress, db.task_progress], async () => {
      await Promise.all([db.course_enrollments.clear(), db.course_modules.clear(), db.chapter_progress.clear(), db.task_progress.clear()]);
    });
    if ('caches' in globalThis) {
      for (const name of await caches.keys()) if (name.startsWith(LEARNER_CACHE_PREFIX)) await caches.delete(name);
    }
  } catch (err) {
    console.error('[auth] sign-out cleanup failed', err);
    throw err;
  } finally {
    pb.authStore.clear();
    queryClient.removeQueries({ queryKey: ['me'] });
  }
}
