// What a fault run counts as a lost write: each write the app acknowledged (the writer
// resolved) must be accounted for by what the server holds at the end, under the merge rules
// of docs/sync.md. Two of those rules let a write be overwritten without being lost, and both
// are counted apart so they stay visible: a time the server clamped (Clocks) and a tie of two
// writes stamped in the same millisecond (a tie keeps the stored one).
import type { LocalChapterProgress, LocalTaskProgress } from '@/lib/offline/db';

/** The server clamps device times to its own clock plus this allowance (pb_hooks/lib/course/progress-merge.js). */
export const CLOCK_SKEW_ALLOWANCE_MS = 2 * 60_000;
export const TIME_FIELDS = ['client_updated_at', 'completed_at', 'position_at', 'last_visited_at'] as const;
type TimeField = (typeof TIME_FIELDS)[number];

export type Acked =
  | { kind: 'task'; row: LocalTaskProgress; clamped: TimeField[] }
  | { kind: 'chapter'; row: LocalChapterProgress; clamped: TimeField[] }
  | { kind: 'contact'; clientId: string };
type ProgressWrite = Extract<Acked, { kind: 'task' | 'chapter' }>;

/** The server's record accounts for the device's state after an acknowledged write. */
export function taskCovered(server: LocalTaskProgress | undefined, row: LocalTaskProgress): boolean {
  if (!server) return false;
  return (
    server.client_updated_at > row.client_updated_at ||
    (server.client_updated_at === row.client_updated_at && server.completed === row.completed)
  );
}

export function chapterCovered(server: LocalChapterProgress | undefined, row: LocalChapterProgress): boolean {
  if (!server) return false;
  return (
    (!row.completed || server.completed) &&
    (!row.visited || server.visited) &&
    server.last_visited_at >= row.last_visited_at &&
    (server.position_at > row.position_at ||
      (server.position_at === row.position_at && server.position_seconds === row.position_seconds))
  );
}

/**
 * A write as the server may store it. A device whose clock offset could not be measured (the
 * time request met a fault) stamps times ahead, and the server clamps each to its clock at
 * receipt plus the allowance. The harness knows only that receipt came after the write, so a
 * clamped time here is a lower bound, and the fields clamped are named: such a write is checked
 * against what the server holds more strictly (see `countLost`).
 */
export function clamped<T extends object>(row: T, now = Date.now()): { row: T; clamped: TimeField[] } {
  const limit = now + CLOCK_SKEW_ALLOWANCE_MS;
  const out = { ...row } as Record<string, unknown>;
  const fields: TimeField[] = [];
  for (const k of TIME_FIELDS)
    if (typeof out[k] === 'number' && (out[k] as number) > limit) {
      out[k] = limit;
      fields.push(k);
    }
  return { row: out as T, clamped: fields };
}

/** Does a write account for the server's time, its own time being exact or (clamped) a lower bound? */
function explains(heldAt: number, writtenAt: number, wasClamped: boolean): boolean {
  return wasClamped ? heldAt >= writtenAt : heldAt === writtenAt;
}

export interface ServerProgress {
  tasks: Map<string, LocalTaskProgress>;
  chapters: Map<string, LocalChapterProgress>;
}

/** Acknowledged progress writes (in the order they were made) that the server's final state does not account for. */
export function countLost(acked: readonly Acked[], final: ServerProgress) {
  const problems: string[] = [];
  let lost = 0;
  let keptClamped = 0;
  let keptByTie = 0;
  // Two writes of one record stamped in the same millisecond (two tabs or devices at once)
  // tie; the merge keeps whichever the server stored first, so the other is overwritten,
  // not lost, when the server holds the tying write's value.
  const stamps = new Set<string>();
  for (const a of acked) {
    if (a.kind === 'task') stamps.add(`${a.row.id}:${a.row.client_updated_at}:${a.row.completed}`);
    if (a.kind === 'chapter') stamps.add(`${a.row.id}:${a.row.position_at}:${a.row.position_seconds}`);
  }
  const overwrittenInTie = (a: ProgressWrite) => {
    if (a.kind === 'task') {
      const held = final.tasks.get(a.row.id);
      return (
        !!held &&
        held.client_updated_at === a.row.client_updated_at &&
        stamps.has(`${a.row.id}:${held.client_updated_at}:${held.completed}`)
      );
    }
    const held = final.chapters.get(a.row.id);
    return (
      !!held &&
      held.position_at === a.row.position_at &&
      stamps.has(`${a.row.id}:${held.position_at}:${held.position_seconds}`) &&
      chapterCovered(held, { ...a.row, position_seconds: held.position_seconds })
    );
  };
  // A write whose deciding time the server clamped is kept only when the server holds its
  // value, or the value of a write of the same record made after it: comparing clamped times
  // alone would let an older write, stored later with a later clamped time, hide a lost newer one.
  const clampedKept = (a: ProgressWrite, i: number) => {
    const later = acked.slice(i).filter((b): b is ProgressWrite => b.kind === a.kind && b.row.id === a.row.id);
    if (a.kind === 'task') {
      const held = final.tasks.get(a.row.id);
      return (
        !!held &&
        later.some(
          (b) =>
            b.kind === 'task' &&
            held.completed === b.row.completed &&
            explains(held.client_updated_at, b.row.client_updated_at, b.clamped.includes('client_updated_at')),
        )
      );
    }
    const held = final.chapters.get(a.row.id);
    return (
      !!held &&
      chapterCovered(held, { ...a.row, position_at: held.position_at, position_seconds: held.position_seconds }) &&
      later.some(
        (b) =>
          b.kind === 'chapter' &&
          held.position_seconds === b.row.position_seconds &&
          explains(held.position_at, b.row.position_at, b.clamped.includes('position_at')),
      )
    );
  };
  for (const [i, a] of acked.entries()) {
    if (a.kind === 'contact') continue;
    const decidingClamped = a.clamped.includes(a.kind === 'task' ? 'client_updated_at' : 'position_at');
    const missing = decidingClamped
      ? !clampedKept(a, i)
      : a.kind === 'task'
        ? !taskCovered(final.tasks.get(a.row.id), a.row)
        : !chapterCovered(final.chapters.get(a.row.id), a.row);
    if (!missing) {
      if (decidingClamped) keptClamped++;
      continue;
    }
    if (overwrittenInTie(a)) {
      keptByTie++;
      continue;
    }
    lost++;
    const held = a.kind === 'task' ? final.tasks.get(a.row.id) : final.chapters.get(a.row.id);
    problems.push(`lost ${a.kind} write ${JSON.stringify(a.row)}; the server holds ${JSON.stringify(held ?? null)}`);
  }
  return { lost, keptClamped, keptByTie, problems };
}
