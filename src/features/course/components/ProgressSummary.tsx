import { useQuery } from '@tanstack/react-query';
import { lessonsQueryOptions, outlineQueryOptions, tasksQueryOptions } from '../api/course';
import type { CourseProgress } from '../api/progress';
import { completedChapterCount, completedLessonCount, percent } from '../model/progress';
import * as c from './course.css';
import { ProgressBar } from './ProgressBar';

export interface ProgressCounts {
  chapters: { done: number; total: number };
  lessons: { done: number; total: number };
  /** Anything done or ticked at all: "Continue Learning" rather than "Start Course". */
  started: boolean;
}

/**
 * How far a learner is in a course, counted one way for every page: chapters really completed
 * (video watched to the end or marked complete) and lessons done (a chapter's intro with the
 * chapter, a task with its tick), from the device's progress.
 */
export function useProgressCounts(courseId: string, progress: CourseProgress | undefined): ProgressCounts {
  const outline = useQuery(outlineQueryOptions(courseId));
  const lessons = useQuery(lessonsQueryOptions(courseId));
  const tasks = useQuery(tasksQueryOptions(courseId));
  const completed = new Set(
    [...(progress?.chapters.values() ?? [])].filter((p) => p.completed).map((p) => p.chapter_id),
  );
  // lessons point at course_tasks ids; the device keeps ticks by chapter + task identifier
  const ticked = new Set(
    [...(progress?.tasks.values() ?? [])].filter((t) => t.completed).map((t) => `${t.chapter_id}:${t.task_identifier}`),
  );
  const tickedTasks = new Set(
    (tasks.data ?? []).filter((t) => ticked.has(`${t.chapter_id}:${t.task_identifier}`)).map((t) => t.id),
  );
  const chapters = {
    done: completedChapterCount(outline.data ?? [], completed),
    total: outline.data?.length ?? 0,
  };
  const lessonCount = {
    done: completedLessonCount(lessons.data ?? [], completed, tickedTasks),
    total: lessons.data?.length ?? 0,
  };
  return { chapters, lessons: lessonCount, started: chapters.done > 0 || lessonCount.done > 0 };
}

/** The same lines and bar on My Courses and the course page: chapters (the bar), then lessons. */
export function ProgressSummary({ title, counts }: { title: string; counts: ProgressCounts }) {
  const pct = percent(counts.chapters.done, counts.chapters.total);
  return (
    <>
      <p data-testid="chapters-completed">
        {counts.chapters.done} of {counts.chapters.total} chapters completed
      </p>
      <ProgressBar value={pct} label={`${title} progress`} />
      <p className={c.muted} data-testid="progress-detail">
        {pct === 100 ? 'Course completed!' : `${pct}% complete`} · {counts.lessons.done} of {counts.lessons.total}{' '}
        lessons
      </p>
    </>
  );
}
