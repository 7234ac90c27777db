import type { QueryClient } from '@tanstack/react-query';
import { clearLearnerData } from '@/lib/offline/learner-data';
import { pb } from '@/lib/pocketbase/client';

/**
 * Signs out and removes the learner's data from this device: queued progress, the course
 * mirror (enrolments, chapter texts, progress), offline downloads, and the whole query cache
 * (chapter texts read this session live there too). Public pages reload from the mirror.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const userId = pb.authStore.record?.id;
  try {
    await clearLearnerData(userId);
  } catch (err) {
    console.error('[auth] sign-out cleanup failed', err);
    throw err;
  } finally {
    pb.authStore.clear();
    queryClient.clear();
  }
}
