// Merge rules for learner progress written offline from several devices. Pure functions
// on plain objects (times in epoch ms, 0 = unset), shared by the hooks and unit tests.
// CommonJS; required inside handlers.

function ms(value) {
  if (value === null || value === undefined || value === "") return 0;
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value : 0;
  // PocketBase dates read back as "2026-11-21 12:00:00.000Z"
  const t = Date.parse(String(value).replace(" ", "T"));
  return Number.isFinite(t) && t > 0 ? t : 0;
}

function num(value) {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** A chapter_progress write as the server understands it. */
function normalizeChapter(v) {
  const completed = !!v.completed;
  return {
    visited: !!v.visited || completed,
    last_visited_at: ms(v.last_visited_at),
    position_seconds: num(v.position_seconds),
    position_at: ms(v.position_at),
    completed: completed,
    completed_at: completed ? ms(v.completed_at) || ms(v.client_updated_at) : 0,
    client_updated_at: ms(v.client_updated_at),
  };
}

/**
 * Stored + incoming chapter progress: visits accumulate, the position with the newest
 * position time wins (ties keep the stored one, so a replay changes nothing), and
 * completion never un-completes (the first completion time is kept).
 */
function mergeChapter(stored, incoming) {
  const a = normalizeChapter(stored);
  const b = normalizeChapter(incoming);
  const newerPosition = b.position_at > a.position_at;
  const completed = a.completed || b.completed;
  let completedAt = 0;
  if (a.completed && b.completed)
    completedAt = Math.min(a.completed_at || b.completed_at, b.completed_at || a.completed_at);
  else if (a.completed) completedAt = a.completed_at;
  else if (b.completed) completedAt = b.completed_at;
  return {
    visited: a.visited || b.visited,
    last_visited_at: Math.max(a.last_visited_at, b.last_visited_at),
    position_seconds: newerPosition ? b.position_seconds : a.position_seconds,
    position_at: newerPosition ? b.position_at : a.position_at,
    completed: completed,
    completed_at: completedAt,
    client_updated_at: Math.max(a.client_updated_at, b.client_updated_at),
  };
}

/** A user_task_progress write as the server understands it. */
function normalizeTask(v) {
  const completed = !!v.completed;
  return {
    completed: completed,
    completed_at: completed ? ms(v.completed_at) || ms(v.client_updated_at) : 0,
    client_updated_at: ms(v.client_updated_at),
  };
}

/** Stored + incoming tick: the newest tick by device time wins; a tie keeps the stored one. */
function mergeTask(stored, incoming) {
  const a = normalizeTask(stored);
  const b = normalizeTask(incoming);
  return b.client_updated_at > a.client_updated_at ? b : a;
}

/**
 * Device clocks are not trusted: no time may lie further ahead of the server's clock than a
 * small allowance, or a phone whose clock runs a day ahead would win every later conflict.
 */
const CLOCK_SKEW_ALLOWANCE_MS = 2 * 60 * 1000;

function clampTimes(state, serverNow) {
  const limit = serverNow + CLOCK_SKEW_ALLOWANCE_MS;
  const out = {};
  for (const k in state) out[k] = /_at$/.test(k) && state[k] > limit ? limit : state[k];
  return out;
}

function same(a, b) {
  for (const k in a) if (a[k] !== b[k]) return false;
  return true;
}

module.exports = {
  ms: ms,
  normalizeChapter: normalizeChapter,
  mergeChapter: mergeChapter,
  normalizeTask: normalizeTask,
  mergeTask: mergeTask,
  same: same,
  clampTimes: clampTimes,
  CLOCK_SKEW_ALLOWANCE_MS: CLOCK_SKEW_ALLOWANCE_MS,
};
