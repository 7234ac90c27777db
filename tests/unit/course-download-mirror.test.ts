import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chapterMirror, tasksMirror } from '@/features/course/api/course';
import { mirrorDownloadedChapter } from '@/features/course/api/download-course';
import { db } from '@/lib/offline/db';
import type { CourseModulesRecord, CourseTasksRecord } from '@/lib/pocketbase/types.gen';

// the session module reads the auth store on load (the compendium's query keys import it)
vi.mock('@/lib/pocketbase/client', () => ({
  pb: { authStore: { isValid: false, record: null, onChange: () => () => {} } },
}));
// the learner's session is live in these tests
vi.mock('@/lib/pocketbase/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pocketbase/session')>()),
  sessionLive: () => true,
  requireLiveSession: () => {},
}));

const chapter = (id: string) => ({
  id,
  collectionId: 'pbc_m',
  collectionName: 'course_modules',
  course_id: 'c1',
  title: id,
  video: `${id}.webm`,
  content: `text of ${id}`,
});
const task = (id: string, chapterId: string, sort: number) =>
  ({
    id,
    chapter_id: chapterId,
    course_id: 'c1',
    sort_order: sort,
    task_identifier: id,
    title: id,
  }) as unknown as CourseTasksRecord;

beforeEach(async () => {
  await Promise.all([db.user_rows.clear(), db.course_tasks.clear(), db.kv.clear(), db.downloads.clear()]);
});

describe('downloaded chapters in the course mirror', () => {
  it("a downloaded chapter and its tasks answer the viewer's queries offline, other chapters' tasks stay", async () => {
    await tasksMirror('c1').write([task('t1', 'a', 1), task('t9', 'z', 9)]);
    await mirrorDownloadedChapter('u1', chapter('b'), [task('t2', 'b', 2), task('t9', 'z', 9)]);
    expect(((await chapterMirror('u1', 'b').read()) as CourseModulesRecord | null)?.content).toBe('text of b');
    expect((await tasksMirror('c1').read())?.map((t) => t.id)).toEqual(['t1', 't2', 't9']);
  });

  it('a first download with nothing mirrored yet still gives the chapter its tasks; only its learner reads it', async () => {
    await mirrorDownloadedChapter('u1', chapter('a'), [task('t1', 'a', 1)]);
    expect((await tasksMirror('c1').read())?.map((t) => t.id)).toEqual(['t1']);
    expect(await chapterMirror('u2', 'a').read()).toBeUndefined();
  });

  it("the chapter's download snapshot answers when the mirror has lost it", async () => {
    await db.downloads.put({
      key: 'u1|record:course_modules:c',
      userId: 'u1',
      courseId: 'c1',
      chapterId: 'c',
      kind: 'record',
      title: 'c',
      bytes: 10,
      createdAt: 1,
      record: { chapter: chapter('c'), tasks: [] },
    });
    expect(((await chapterMirror('u1', 'c').read()) as CourseModulesRecord | null)?.content).toBe('text of c');
    expect(await chapterMirror('u2', 'c').read()).toBeUndefined();
  });
});
