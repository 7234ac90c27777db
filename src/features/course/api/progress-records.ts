// Chapter and task progress as the device keeps it and as the outbox carries it. An outbox
// row carries what the learner did to one record (coalesceKey: one row per record, later
// changes folded in with the merge rules): a change, with every time on the device's own
// clock and the device's id (`clock: 'device'`); the server moves those times onto its clock
// with the batch's reading (docs/sync.md, Clocks). Rows queued by older releases carry the
// whole record on the server's clock as that device knew it (no `clock`); they are sent as
// they are and the server clamps them.
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
  /** The record's ids (`id` is deterministic per user+chapter(+task)) and the changed state. */
  record: { id: string; user_id: string; course_id: string; chapter_id: string } & Record<string, unknown>;
  /** 'device': times on the device's own clock, sent with its reading. Absent: on the server's clock. */
  clock?: 'device';
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
  device_id: s.device_id,
  device_at: s.device_at,
});

type ChapterIds = Pick<LocalChapterProgress, 'id' | 'user_id' | 'course_id' | 'chapter_id'>;
type TaskIds = Pick<
  LocalTaskProgress,
  'id' | 'user_id' | 'course_id' | 'chapter_id' | 'task_identifier' | 'task_title'
>;

/** Every field is sent, unset ones empty: a field left out would keep the server's value. */
function chapterRecord(ids: ChapterIds, s: ChapterState): ProgressPayload['record'] {
  return {
    id: ids.id,
    user_id: ids.user_id,
    course_id: ids.course_id,
    chapter_id: ids.chapter_id,
    visited: s.visited,
    last_visited_at: toIso(s.last_visited_at),
    position_seconds: s.position_seconds,
    position_at: toIso(s.position_at),
    completed: s.completed,
    completed_at: toIso(s.completed_at),
    client_updated_at: toIso(s.client_updated_at),
    ...(s.device_id ? { device_id: s.device_id, device_at: toIso(s.device_at ?? 0) } : {}),
  };
}

function taskRecord(ids: TaskIds, s: TaskState): ProgressPayload['record'] {
  return {
    id: ids.id,
    user_id: ids.user_id,
    course_id: ids.course_id,
    chapter_id: ids.chapter_id,
    task_identifier: ids.task_identifier,
    task_title: ids.task_title,
    completed: s.completed,
    completed_at: toIso(s.completed_at),
    client_updated_at: toIso(s.client_updated_at),
    ...(s.device_id ? { device_id: s.device_id, device_at: toIso(s.device_at ?? 0) } : {}),
  };
}

/** A change the learner made on this device (times on its own clock). */
export const chapterChange = (ids: ChapterIds, change: ChapterState): ProgressPayload => ({
  record: chapterRecord(ids, change),
  clock: 'device',
});

export const taskChange = (ids: TaskIds, change: TaskState): ProgressPayload => ({
  record: taskRecord(ids, change),
  clock: 'device',
});

/** The device's copy of a record, on the server's clock (re-queued when the server lacks it). */
export const chapterPayload = (row: LocalChapterProgress): ProgressPayload => ({
  record: chapterRecord(row, normalizeChapter(row)),
});

export const taskPayload = (row: LocalTaskProgress): ProgressPayload => ({
  record: taskRecord(row, normalizeTask(row)),
});

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

/**
 * Whether two payloads can become one: only on the same clock. A change on the device's clock
 * is never moved onto the server's by the device's measured offset (0 while never measured, so
 * its times would pass for the server's and the server could not correct them): it keeps a row
 * of its own, sent with its reading (`joins` when staged, one upsert per record and clock when sent).
 */
const sameClock = (a: ProgressPayload, b: ProgressPayload) => a.clock === b.clock;

/**
 * Two writes of one record on the same clock become one, merged with the server's own rules:
 * the outbox folds a newer change into the queued one with this, and the sender folds a day's
 * queue to one upsert per record and clock.
 */
export function foldProgress(collection: ProgressCollection, a: ProgressPayload, b: ProgressPayload): ProgressPayload {
  if (!sameClock(a, b)) throw new Error('Progress on two clocks cannot be folded into one write.');
  type Fields = Parameters<typeof normalizeChapter>[0] & Parameters<typeof normalizeTask>[0];
  const [x, y] = [a.record as Fields, b.record as Fields];
  const ids = { ...a.record, ...b.record } as ChapterIds & TaskIds;
  const record =
    collection === Collections.ChapterProgress
      ? chapterRecord(ids, mergeChapter(normalizeChapter(x), normalizeChapter(y)))
      : taskRecord(ids, mergeTask(normalizeTask(x), normalizeTask(y)));
  return a.clock ? { record, clock: a.clock } : { record };
}
