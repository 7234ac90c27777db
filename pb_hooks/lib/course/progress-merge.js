// Merge rules for learner progress written offline from several devices. Pure functions
// on plain objects (times in epoch ms, 0 = unset), shared by the hooks and unit tests.
// An ordered value (a task's tick, a chapter's position) names the device that wrote it and
// that write's time on the device's own clock (device_id, device_at): one device's writes
// are ordered by its own clock, different devices' by their corrected times (docs/sync.md).
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
    device_id: typeof v.device_id === "string" ? v.device_id : "",
    device_at: ms(v.device_at),
  };
}

/**
 * Whether write b of an ordered value is newer than a: by the device's own clock when one
 * device made both, else by time. A tie is not newer (a replay changes nothing).
 */
function isNewer(a, aAt, b, bAt) {
  if (a.device_id && a.device_id === b.device_id && a.device_at > 0 && b.device_at > 0)
    return b.device_at > a.device_at;
  return bAt > aAt;
}

/**
 * Stored + incoming chapter progress: visits accumulate, the position with the newest
 * position time wins (ties keep the stored one, so a replay changes nothing), and
 * completion never un-completes (the first completion time is kept).
 */
function mergeChapter(stored, incoming) {
  const a = normalizeChapter(stored);
  const b = normalizeChapter(incoming);
  const newerPosition = b.position_at > 0 && isNewer(a, a.position_at, b, b.position_at);
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
    // never earlier than the position it replaced, so other devices' writes compare with both
    position_at: newerPosition ? Math.max(a.position_at, b.position_at) : a.position_at,
    completed: completed,
    completed_at: completedAt,
    client_updated_at: Math.max(a.client_updated_at, b.client_updated_at),
    device_id: newerPosition ? b.device_id : a.device_id,
    device_at: newerPosition ? b.device_at : a.device_at,
  };
}

/** A user_task_progress write as the server understands it. */
function normalizeTask(v) {
  const completed = !!v.completed;
  return {
    completed: completed,
    completed_at: completed ? ms(v.completed_at) || ms(v.client_updated_at) : 0,
    client_updated_at: ms(v.client_updated_at),
    device_id: typeof v.device_id === "string" ? v.device_id : "",
    device_at: ms(v.device_at),
  };
}

/** Stored + incoming tick: the newest tick wins (isNewer); a tie keeps the stored one. */
function mergeTask(stored, incoming) {
  const a = normalizeTask(stored);
  const b = normalizeTask(incoming);
  if (!isNewer(a, a.client_updated_at, b, b.client_updated_at)) return a;
  const out = {};
  for (const k in b) out[k] = b[k];
  out.client_updated_at = Math.max(a.client_updated_at, b.client_updated_at);
  return out;
}

// Times a device stamped, shifted onto the server's clock; device_at stays on the device's.
const DEVICE_TIMES = { last_visited_at: 1, position_at: 1, completed_at: 1, client_updated_at: 1 };

/**
 * A write's times moved onto the server's clock: the batch carried the device's clock
 * reading when it was sent (`sentAt`), the server read its own at receipt (`receivedAt`);
 * every time the device stamped moves by the difference. An action keeps its true order
 * against other devices' up to the request's transit time (the correction counts it as
 * clock difference, so corrected times are late by it, never early). A time still after the
 * receipt can only come from a device clock set back between the write and the send: it is
 * taken as the receipt.
 */
function correctTimes(state, sentAt, receivedAt) {
  const shift = receivedAt - sentAt;
  const out = {};
  for (const k in state) {
    if (!DEVICE_TIMES[k] || !(state[k] > 0)) out[k] = state[k];
    else out[k] = Math.min(receivedAt, Math.max(1, state[k] + shift));
  }
  return out;
}

/**
 * A write that carries no clock reading (queued by an older release, whose times are already
 * on the server's clock as well as that device knew it): no time may lie further ahead of the
 * server's clock than a small allowance, or a phone whose clock runs a day ahead would win
 * every later conflict.
 */
const CLOCK_SKEW_ALLOWANCE_MS = 2 * 60 * 1000;

function clampTimes(state, serverNow) {
  const limit = serverNow + CLOCK_SKEW_ALLOWANCE_MS;
  const out = {};
  for (const k in state) out[k] = DEVICE_TIMES[k] && state[k] > limit ? limit : state[k];
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
  correctTimes: correctTimes,
  clampTimes: clampTimes,
  CLOCK_SKEW_ALLOWANCE_MS: CLOCK_SKEW_ALLOWANCE_MS,
};
