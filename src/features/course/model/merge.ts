// The merge rules of progress written on several devices, the same as the server's
// (pb_hooks/lib/course/progress-merge.js): the device applies them to its own copy so the
// screen shows what the server will hold after sync. Times are epoch ms, 0 = unset.

export interface ChapterState {
  visited: boolean;
  last_visited_at: number;
  position_seconds: number;
  position_at: number;
  completed: boolean;
  completed_at: number;
  client_updated_at: number;
}

export interface TaskState {
  completed: boolean;
  completed_at: number;
  client_updated_at: number;
}

export const EMPTY_CHAPTER: ChapterState = {
  visited: false,
  last_visited_at: 0,
  position_seconds: 0,
  position_at: 0,
  completed: false,
  completed_at: 0,
  client_updated_at: 0,
};

export const EMPTY_TASK: TaskState = { completed: false, completed_at: 0, client_updated_at: 0 };

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
  };
}

/** Visits accumulate, the newest position wins (a tie keeps the stored one), completion never un-completes. */
export function mergeChapter(stored: ChapterState, incoming: ChapterState): ChapterState {
  const a = normalizeChapter(stored);
  const b = normalizeChapter(incoming);
  const newer = b.position_at > a.position_at;
  let completedAt = 0;
  if (a.completed && b.completed)
    completedAt = Math.min(a.completed_at || b.completed_at, b.completed_at || a.completed_at);
  else if (a.completed) completedAt = a.completed_at;
  else if (b.completed) completedAt = b.completed_at;
  return {
    visited: a.visited || b.visited,
    last_visited_at: Math.max(a.last_visited_at, b.last_visited_at),
    position_seconds: newer ? b.position_seconds : a.position_seconds,
    position_at: newer ? b.position_at : a.position_at,
    completed: a.completed || b.completed,
    completed_at: completedAt,
    client_updated_at: Math.max(a.client_updated_at, b.client_updated_at),
  };
}

export function normalizeTask(v: Partial<Record<keyof TaskState, unknown>>): TaskState {
  const completed = !!v.completed;
  return {
    completed,
    completed_at: completed ? toMs(v.completed_at) || toMs(v.client_updated_at) : 0,
    client_updated_at: toMs(v.client_updated_at),
  };
}

/** The newest tick by device time wins; a tie keeps the stored one. */
export function mergeTask(stored: TaskState, incoming: TaskState): TaskState {
  const a = normalizeTask(stored);
  const b = normalizeTask(incoming);
  return b.client_updated_at > a.client_updated_at ? b : a;
}
