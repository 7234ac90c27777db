// Chapter and task progress as the device keeps it and as the outbox carries it: the payload
// of an outbox row is the whole record (times as ISO strings), one row per record
// (coalesceKey), and two payloads of one record fold with the merge rules.
import { Collections } from '@/lib/contract/contract.gen';
import type { LocalChapterProgress, LocalTaskProgress } from '@/lib/offline/db';
import {
  type ChapterState,
  mergeChapter,
  mergeTask,
  normalizeChapter,
  normalizeTask,
  type TaskState,
  toIso,
} from '../model/merge';

export const CHAPTER_PROGRESS_OP = 'chapter-progress';
export const TASK_PROGRESS_OP = 'task-progress';
/** The outbox ops the course's status chip speaks for. */
export const PROGRESS_OPS = [CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP] as const;

export type ProgressCollection = typeof Collections.ChapterProgress | typeof Collections.UserTaskProgress;

export interface ProgressPayload {
  /** The whole record as the device knows it; `id` is deterministic per user+chapter(+task). */
  record: { id: string; user_id: string; course_id: string; chapter_id: string } & Record<string, unknown>;
}

export const chapterCoalesceKey = (id: string) => `${Collections.ChapterProgress}:${id}`;
export const taskCoalesceKey = (id: string) => `${Collections.UserTaskProgress}:${id}`;

export const chapterFields = (s: ChapterState) => ({
  visited: s.visited,
  last_visited_at: s.last_visited_at,
  position_seconds: s.position_seconds,
  position_at: s.position_at,
  completed: s.completed,
  completed_at: s.completed_at,
  client_updated_at: s.client_updated_at,
});

export function chapterPayload(row: LocalChapterProgress): ProgressPayload {
  return {
    record: {
      id: row.id,
      user_id: row.user_id,
      course_id: row.course_id,
      chapter_id: row.chapter_id,
      visited: row.visited,
      last_visited_at: toIso(row.last_visited_at),
      position_seconds: row.position_seconds,
      position_at: toIso(row.position_at),
      completed: row.completed,
      completed_at: toIso(row.completed_at),
      client_updated_at: toIso(row.client_updated_at),
    },
  };
}

export function taskPayload(row: LocalTaskProgress): ProgressPayload {
  return {
    record: {
      id: row.id,
      user_id: row.user_id,
      course_id: row.course_id,
      chapter_id: row.chapter_id,
      task_identifier: row.task_identifier,
      task_title: row.task_title,
      completed: row.completed,
      completed_at: toIso(row.completed_at),
      client_updated_at: toIso(row.client_updated_at),
    },
  };
}

interface RecordIds {
  id: string;
  user_id: string;
  course_id: string;
  chapter_id: string;
}

/** A server record (or payload record) as the device keeps it. */
export function localChapter(r: RecordIds & Partial<Record<keyof ChapterState, unknown>>): LocalChapterProgress {
  return {
    id: r.id,
    user_id: r.user_id,
    course_id: r.course_id,
    chapter_id: r.chapter_id,
    ...chapterFields(normalizeChapter(r)),
  };
}

export function localTask(
  r: RecordIds & Partial<Record<keyof TaskState | 'task_identifier' | 'task_title', unknown>>,
): LocalTaskProgress {
  return {
    id: r.id,
    user_id: r.user_id,
    course_id: r.course_id,
    chapter_id: r.chapter_id,
    task_identifier: String(r.task_identifier ?? ''),
    task_title: String(r.task_title ?? ''),
    ...normalizeTask(r),
  };
}

const DATE_FIELDS = ['last_visited_at', 'position_at', 'completed_at', 'client_updated_at'] as const;

/**
 * Two writes of one record become one, merged with the server's own rules: the outbox folds
 * a newer write into the queued one with this (so an older snapshot from another tab never
 * replaces a newer one), and the sender folds a day's queue to one upsert per record.
 */
export function foldProgress(collection: ProgressCollection, a: ProgressPayload, b: ProgressPayload): ProgressPayload {
  type Fields = Parameters<typeof normalizeChapter>[0] & Parameters<typeof normalizeTask>[0];
  const [x, y] = [a.record as Fields, b.record as Fields];
  const merged: Record<string, unknown> = {
    ...(collection === Collections.ChapterProgress
      ? mergeChapter(normalizeChapter(x), normalizeChapter(y))
      : mergeTask(normalizeTask(x), normalizeTask(y))),
  };
  for (const f of DATE_FIELDS) if (f in merged) merged[f] = toIso(merged[f] as number);
  return { record: { ...a.record, ...b.record, ...merged } as ProgressPayload['record'] };
}

export const foldChapterPayload = (a: ProgressPayload, b: ProgressPayload) =>
  foldProgress(Collections.ChapterProgress, a, b);
export const foldTaskPayload = (a: ProgressPayload, b: ProgressPayload) =>
  foldProgress(Collections.UserTaskProgress, a, b);
