// Pulling a learner's progress for a course from the server into the device's copy, which
// the pages read (useCourseProgress).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { db } from '@/lib/offline/db';
import { pb } from '@/lib/pocketbase/client';
import { type ChapterProgressRecord, Collections, type UserTaskProgressRecord } from '@/lib/pocketbase/types.gen';
import { mergeChapter, mergeTask, normalizeChapter, normalizeTask, type TaskState } from '../model/merge';
import { courseKeys } from './keys';

/**
 * Pulls the learner's progress for a course from the server and merges it into the
 * device's copy (the merge is order-free, so unsynced local changes survive).
 */
export const progressPullQueryOptions = (userId: string, courseId: string) =>
  queryOptions({
    queryKey: courseKeys.progressPull(userId, courseId),
    queryFn: async () => {
      const filter = pb.filter('user_id = {:u} && course_id = {:c}', { u: userId, c: courseId });
      const [chapters, tasks] = await Promise.all([
        pb.collection(Collections.ChapterProgress).getFullList<ChapterProgressRecord>({ filter }),
        pb.collection(Collections.UserTaskProgress).getFullList<UserTaskProgressRecord>({ filter }),
      ]);
      await db.transaction('rw', db.chapter_progress, db.task_progress, async () => {
        for (const r of chapters) {
          const local = await db.chapter_progress.get(r.id);
          const merged = local ? mergeChapter(local, normalizeChapter(r)) : normalizeChapter(r);
          await db.chapter_progress.put({
            id: r.id,
            user_id: r.user_id,
            course_id: r.course_id,
            chapter_id: r.chapter_id,
            ...merged,
          });
        }
        for (const r of tasks) {
          const local = await db.task_progress.get(r.id);
          const merged: TaskState = local ? mergeTask(local, normalizeTask(r)) : normalizeTask(r);
          await db.task_progress.put({
            id: r.id,
            user_id: r.user_id,
            course_id: r.course_id,
            chapter_id: r.chapter_id,
            task_identifier: r.task_identifier,
            task_title: r.task_title,
            ...merged,
          });
        }
      });
      return { chapters: chapters.length, tasks: tasks.length, at: Date.now() };
    },
    // Offline: the device's copy is the answer; no error screen for a failed pull.
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
