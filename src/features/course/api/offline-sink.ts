import type { CourseDataSink } from '@/lib/offline/downloads';
import { currentUser } from '@/lib/pocketbase/session';
import type { CourseModulesRecord, CourseTasksRecord } from '@/lib/pocketbase/types.gen';
import { chapterMirror, tasksMirror } from './course';

/**
 * Downloaded chapters go into the course mirror, so the chapter viewer's own queries answer
 * offline (the download keeps its own snapshot too). Downloads are made by the signed-in
 * learner, whose mirror key this is.
 */
export const courseDataSink: CourseDataSink = {
  async saveChapter(chapter, tasks) {
    const userId = currentUser()?.id;
    if (!userId) return;
    await chapterMirror(userId, chapter.id).write(chapter as unknown as CourseModulesRecord);
    const mirror = tasksMirror(chapter.course_id);
    const known = (await mirror.read()) ?? [];
    const mine = tasks as CourseTasksRecord[];
    const ids = new Set(mine.map((t) => t.id));
    // Add to (never shrink) the course's task list: other chapters' tasks stay.
    const merged = [...known.filter((t) => !ids.has(t.id)), ...mine].sort((a, b) => a.sort_order - b.sort_order);
    await mirror.write(merged);
  },
};
