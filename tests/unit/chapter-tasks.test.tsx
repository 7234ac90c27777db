// @vitest-environment jsdom
// A tick shows at once and stays shown until the device's copy holds it (no flick back).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LocalTaskProgress } from '@/lib/offline/db';
import type { CourseTasksRecord } from '@/lib/pocketbase/types.gen';

const saves: Array<() => void> = [];
vi.mock('@/features/course/api/progress', () => ({
  setTaskCompleted: () => new Promise<void>((resolve) => saves.push(resolve)),
}));
const { ChapterTasks } = await import('@/features/course/components/ChapterTasks');

const task = { id: 't1', chapter_id: 'c1', task_identifier: 'TASK_01', title: 'Hands' } as CourseTasksRecord;
const ref = { userId: 'u1', courseId: 'k1', chapterId: 'c1' } as never;
const tick = (completed: boolean) =>
  new Map<string, LocalTaskProgress>([['c1:TASK_01', { completed } as LocalTaskProgress]]);

describe('chapter tasks', () => {
  it('keeps a saved tick shown until the next read of the ticks, then follows that read', async () => {
    const before = new Map<string, LocalTaskProgress>();
    const view = render(<ChapterTasks chapterRef={ref} tasks={[task]} ticks={before} />);
    const box = () => screen.getByRole('checkbox') as HTMLInputElement;
    fireEvent.click(box());
    expect(box().checked).toBe(true);
    // the write resolves before the live query has read it again
    await act(async () => saves.shift()?.());
    view.rerender(<ChapterTasks chapterRef={ref} tasks={[{ ...task }]} ticks={before} />);
    expect(box().checked).toBe(true);
    // the next read holds it
    view.rerender(<ChapterTasks chapterRef={ref} tasks={[task]} ticks={tick(true)} />);
    expect(box().checked).toBe(true);
    // and later reads are followed (e.g. another tab unticked it)
    view.rerender(<ChapterTasks chapterRef={ref} tasks={[task]} ticks={tick(false)} />);
    expect(box().checked).toBe(false);
  });
});
