// The app's progress writes (device database, app outbox, the device's clock and id) and the live
// view the pages read.
import { db, type LocalChapterProgress, type LocalTaskProgress } from '@/lib/offline/db';
import { deviceClock, deviceId } from '@/lib/offline/device-clock';
import { useLiveQuery } from '@/lib/offline/live';
import { outbox } from '@/lib/offline/outbox-runtime';
import { createProgressWriter } from './progress-writes';

export type { ChapterRef } from './progress-writes';

export const { recordVisit, savePosition, markCompleted, setTaskCompleted } = createProgressWriter({
  db,
  outbox,
  clock: deviceClock,
  deviceId,
});

export interface CourseProgress {
  chapters: Map<string, LocalChapterProgress>;
  tasks: Map<string, LocalTaskProgress>;
}

/** Live view of the device's progress for a course (undefined while reading). */
export function useCourseProgress(userId: string, courseId: string): CourseProgress | undefined {
  return useLiveQuery(async () => {
    const [chapters, tasks] = await Promise.all([
      db.chapter_progress.where('[user_id+course_id]').equals([userId, courseId]).toArray(),
      db.task_progress.where('[user_id+course_id]').equals([userId, courseId]).toArray(),
    ]);
    return {
      chapters: new Map(chapters.map((c) => [c.chapter_id, c])),
      tasks: new Map(tasks.map((t) => [`${t.chapter_id}:${t.task_identifier}`, t])),
    };
  }, [userId, courseId]);
}
