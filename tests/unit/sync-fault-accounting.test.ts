// The fault runs' accounting of lost writes (tests/sync-faults/accounting.ts): it must find a
// lost write, and let a write be overwritten only as docs/sync.md's merge rules allow.
import { describe, expect, it } from 'vitest';
import type { LocalChapterProgress, LocalTaskProgress } from '@/lib/offline/db';
import { type Acked, CLOCK_SKEW_ALLOWANCE_MS, clamped, countLost } from '../sync-faults/accounting';

const T0 = 1_800_000_000_000;
const DAY = 86_400_000;

const tick = (completed: boolean, at: number): LocalTaskProgress => ({
  id: 'task1',
  user_id: 'u1',
  course_id: 'c1',
  chapter_id: 'ch1',
  task_identifier: 'TASK_01',
  task_title: 'Listen',
  completed,
  completed_at: completed ? at : 0,
  client_updated_at: at,
});

const position = (seconds: number, at: number): LocalChapterProgress =>
  ({
    id: 'chapter1',
    user_id: 'u1',
    course_id: 'c1',
    chapter_id: 'ch1',
    visited: true,
    last_visited_at: 0,
    position_seconds: seconds,
    position_at: at,
    completed: false,
    completed_at: 0,
    client_updated_at: at,
  }) as LocalChapterProgress;

/** A write acknowledged at real time `now` (the harness clamps what the server will). */
const task = (row: LocalTaskProgress, now: number): Acked => ({ kind: 'task', ...clamped(row, now) });
const chapter = (row: LocalChapterProgress, now: number): Acked => ({ kind: 'chapter', ...clamped(row, now) });

const server = (tasks: LocalTaskProgress[], chapters: LocalChapterProgress[] = []) => ({
  tasks: new Map(tasks.map((t) => [t.id, t])),
  chapters: new Map(chapters.map((c) => [c.id, c])),
});

describe('lost writes in a fault run', () => {
  it('a write the server does not hold is lost', () => {
    const acked = [task(tick(true, T0), T0), task(tick(false, T0 + 5), T0 + 5)];
    expect(countLost(acked, server([tick(true, T0)])).lost).toBe(1);
  });

  it('a newer write stamped a day ahead is lost when the server holds an older one stored later with a later clamped time', () => {
    // the device could not measure its clock; both writes are clamped, the older arrived last
    const older = tick(true, T0 + DAY);
    const newer = tick(false, T0 + DAY + 1_000);
    const acked = [task(older, T0), task(newer, T0 + 1_000)];
    const held = { ...older, client_updated_at: T0 + 5_000 + CLOCK_SKEW_ALLOWANCE_MS };
    const result = countLost(acked, server([held]));
    expect(result.lost).toBe(1);
    expect(result.problems[0]).toMatch(/lost task write/);
  });

  it('a write stamped ahead is kept when the server holds its value with the time clamped at receipt', () => {
    const ahead = tick(true, T0 + DAY);
    const held = {
      ...ahead,
      completed_at: T0 + 3_000 + CLOCK_SKEW_ALLOWANCE_MS,
      client_updated_at: T0 + 3_000 + CLOCK_SKEW_ALLOWANCE_MS,
    };
    expect(countLost([task(ahead, T0)], server([held]))).toMatchObject({ lost: 0, keptClamped: 1 });
  });

  it('a true-clocked write made within the allowance after a clamped one loses to it, as the clamp rule says', () => {
    const ahead = tick(true, T0 + DAY);
    const honest = tick(false, T0 + 30_000);
    const held = { ...ahead, client_updated_at: T0 + CLOCK_SKEW_ALLOWANCE_MS + 10 };
    expect(countLost([task(ahead, T0), task(honest, T0 + 30_000)], server([held])).lost).toBe(0);
  });

  it('of two writes stamped in the same millisecond the one stored first is kept; the other is overwritten, not lost', () => {
    const acked = [task(tick(true, T0), T0), task(tick(false, T0), T0)];
    expect(countLost(acked, server([tick(false, T0)]))).toMatchObject({ lost: 0, keptByTie: 1 });
    // a tie excuses only a value another write of that millisecond made
    const other = [task(tick(true, T0), T0)];
    expect(countLost(other, server([tick(false, T0)])).lost).toBe(1);
  });

  it('a video position stamped ahead is lost when an older position holds the record', () => {
    const acked = [chapter(position(40, T0 + DAY), T0), chapter(position(80, T0 + DAY + 2_000), T0 + 2_000)];
    const held = position(40, T0 + 9_000 + CLOCK_SKEW_ALLOWANCE_MS);
    expect(countLost(acked, server([], [held])).lost).toBe(1);
    const kept = position(80, T0 + 9_000 + CLOCK_SKEW_ALLOWANCE_MS);
    expect(countLost(acked, server([], [kept]))).toMatchObject({ lost: 0, keptClamped: 2 });
  });
});
