// The merge rules of progress written on several devices, the same as the server's
// (pb_hooks/lib/course/progress-merge.js): the device applies them to its own copy so the
// screen shows what the server will hold after sync. Times are epoch ms, 0 = unset.
// A value that is ordered (a task's tick, a chapter's position) also names the device that
// wrote it and that write's time on the device's own clock (`device_id`, `device_at`): two
// writes of one device are ordered by its own clock, which needs no correction; writes of
// different devices by their times as the server corrected them (docs/sync.md, Clocks).

import type { LocalChapterProgress, LocalTaskProgress } from '@/lib/offline/db';

/** What the merge rules read of a chapter's progress: the device's copy without its keys. */
export type ChapterState = Omit<LocalChapterProgress, 'id' | 'user_id' | 'course_id' | 'chapter_id'>;

/** What the merge rules read of a task tick. */
export type TaskState = Omit<
  LocalTaskProgress,
  'id' | 'user_id' | 'course_id' | 'chapter_id' | 'task_identifier' | 'task_title'
>;

export const EMPTY_CHAPTER: ChapterState = {
  visited: false,
  last_visited_at: 0,
  position_seconds: 0,
  position_at: 0,
  completed: false,
  completed_at: 0,
  client_updated_at: 0,
  device_id: '',
  device_at: 0,
};

export const EMPTY_TASK: TaskState = {
  completed: false,
  completed_at: 0,
  client_updated_at: 0,
  device_id: '',
  device_at: 0,
};

/** PocketBase date string ("2026-11-21 12:00:00.000Z"), ISO string or ms → ms (0 = unset). */
function toMs(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : 0;
  const t = Date.parse(String(value).replace(' ', 'T'));
  return Number.isFinite(t) && t > 0 ? t : 0;
}

export const toIso = (ms: number) => (ms ? new Date(ms).toISOString() : '');

export function normalizeChapter(v: Partial<Record<keyof ChapterState, unknown>>): ChapterState {
  const completed = !!v.completed;
  const pos = Number(v.position_seconds);
  return {
    visited: !!v.visited || completed,
    last_visited_at: toMs(v.last_visited_at),
    position_seconds: Number.isFinite(pos) && pos > 0 ? pos : 0,
    position_at: toMs(v.position_at),
    completed,
    completed_at: completed ? toMs(v.completed_at) || toMs(v.client_updated_at) : 0,
    client_updated_at: toMs(v.client_updated_at),
    device_id: typeof v.device_id === 'string' ? v.device_id : '',
    device_at: toMs(v.device_at),
  };
}

/**
 * Whether write `b` of an ordered value is newer than `a`: by the device's own clock when one
 * device made both (its times need no correction, so two quick changes never swap), else by
 * time (`at`). A tie is not newer (it keeps the stored one, so a replay changes nothing).
 */
function isNewer(a: { device_id?: string; device_at?: number }, aAt: number, b: typeof a, bAt: number): boolean {
  const [x, y] = [a.device_at ?? 0, b.device_at ?? 0];
  if (a.device_id && a.device_id === b.device_id && x > 0 && y > 0) return y > x;
  return bAt > aAt;
}

/** Visits accumulate, the newest position wins (a tie keeps the stored one), completion never un-completes. */
export function mergeChapter(stored: ChapterState, incoming: ChapterState): ChapterState {
  const a = normalizeChapter(stored);
  const b = normalizeChapter(incoming);
  const newer = b.position_at > 0 && isNewer(a, a.position_at, b, b.position_at);
  let completedAt = 0;
  if (a.completed && b.completed)
    completedAt = Math.min(a.completed_at || b.completed_at, b.completed_at || a.completed_at);
  else if (a.completed) completedAt = a.completed_at;
  else if (b.completed) completedAt = b.completed_at;
  return {
    visited: a.visited || b.visited,
    last_visited_at: Math.max(a.last_visited_at, b.last_visited_at),
    position_seconds: newer ? b.position_seconds : a.position_seconds,
    // never earlier than the position it replaced, so other devices' writes compare with both
    position_at: newer ? Math.max(a.position_at, b.position_at) : a.position_at,
    completed: a.completed || b.completed,
    completed_at: completedAt,
    client_updated_at: Math.max(a.client_updated_at, b.client_updated_at),
    device_id: newer ? b.device_id : a.device_id,
    device_at: newer ? b.device_at : a.device_at,
  };
}

export function normalizeTask(v: Partial<Record<keyof TaskState, unknown>>): TaskState {
  const completed = !!v.completed;
  return {
    completed,
    completed_at: completed ? toMs(v.completed_at) || toMs(v.client_updated_at) : 0,
    client_updated_at: toMs(v.client_updated_at),
    device_id: typeof v.device_id === 'string' ? v.device_id : '',
    device_at: toMs(v.device_at),
  };
}

/** The newest tick wins (see isNewer); a tie keeps the stored one. */
export function mergeTask(stored: TaskState, incoming: TaskState): TaskState {
  const a = normalizeTask(stored);
  const b = normalizeTask(incoming);
  if (!isNewer(a, a.client_updated_at, b, b.client_updated_at)) return a;
  return { ...b, client_updated_at: Math.max(a.client_updated_at, b.client_updated_at) };
}
