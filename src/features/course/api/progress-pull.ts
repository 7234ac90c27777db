// The progress pull as a query: the route loaders start it, pages subscribe to it, and it
// writes the device's copy the pages read (useCourseProgress). progress-reconcile.ts does
// the work.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { db } from '@/lib/offline/db';
import { outbox } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';
import { requireLiveSession } from '@/lib/pocketbase/session';
import { courseKeys } from './keys';
import { pullProgress } from './progress-reconcile';

/** Pulls the learner's progress for a course into the device's copy (their live session only). */
export const progressPullQueryOptions = (userId: string, courseId: string) =>
  queryOptions({
    queryKey: courseKeys.progressPull(userId, courseId),
    queryFn: async () => {
      requireLiveSession();
      const queued = await pullProgress({ db, outbox, client: pb }, userId, courseId);
      return { queued, at: Date.now() };
    },
    // Offline or signed out: the device's copy is the answer; no error screen for a failed pull.
    retry: 1,
    staleTime: 30_000,
  });

/**
 * Keeps the device's progress for a course current while a page shows it: the route loader
 * starts the pull, this subscribes the page to it (pulled again when stale, on reconnect and
 * on focus). Pages read the progress itself from the device (useCourseProgress).
 */
export function useProgressPull(userId: string, courseId: string): void {
  useQuery(progressPullQueryOptions(userId, courseId));
}
