// @vitest-environment jsdom
// /downloads, offline on a train: what is on the device, and how far the learner got with
// the tasks of each downloaded chapter.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DownloadsList } from '@/features/course/components/DownloadsList';
import { db } from '@/lib/offline/db';

const tasks = ['TASK_01', 'TASK_02', 'TASK_03'].map((t, i) => ({
  id: `t${i}`,
  course_id: 'c1',
  chapter_id: 'm1',
  task_identifier: t,
  title: `Task ${i + 1}`,
  sort_order: i,
}));

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.downloads.put({
    key: 'u1|record:course_modules:m1',
    userId: 'u1',
    courseId: 'c1',
    chapterId: 'm1',
    kind: 'record',
    title: 'Chapter 1',
    bytes: 900,
    createdAt: 1,
    record: { chapter: { id: 'm1', course_id: 'c1', title: 'Chapter 1' }, tasks },
  });
  for (const [i, done] of [true, true, false].entries()) {
    await db.task_progress.put({
      id: `p${i}`,
      user_id: 'u1',
      course_id: 'c1',
      chapter_id: 'm1',
      task_identifier: tasks[i]!.task_identifier,
      task_title: tasks[i]!.title,
      completed: done,
      completed_at: done ? 10 : 0,
      client_updated_at: 10,
    });
  }
});

describe('the downloads page', () => {
  it("shows each downloaded chapter's task progress from the device", async () => {
    render(<DownloadsList userId="u1" />);
    expect(await screen.findByText(/2 of 3 tasks done/)).toBeTruthy();
  });
});
