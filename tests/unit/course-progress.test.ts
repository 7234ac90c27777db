import { describe, expect, it } from 'vitest';
import {
  type ChapterState,
  EMPTY_CHAPTER,
  EMPTY_TASK,
  mergeChapter,
  mergeTask,
  normalizeChapter,
  type TaskState,
} from '@/features/course/model/merge';
import {
  completedChapterCount,
  chapterBody,
  completedLessonCount,
  coursePrice,
  percent,
  positionToSave,
} from '@/features/course/model/progress';
import { chapterProgressId, deterministicId, taskProgressId } from '@/features/course/model/progress-id';
import { refreshDelay } from '@/lib/pocketbase/file-token';
import { loadHookModule } from '../support/hook-module';

// The hooks' CommonJS copy of the rules must agree with the browser's.
const server = loadHookModule<{
  mergeChapter: (a: ChapterState, b: ChapterState) => ChapterState;
  mergeTask: (a: TaskState, b: TaskState) => TaskState;
  correctTimes: <T extends object>(state: T, sentAt: number, receivedAt: number) => T;
}>('lib/course/progress-merge.js');

const ch = (v: Partial<ChapterState>): ChapterState => ({ ...EMPTY_CHAPTER, ...v });
const tk = (v: Partial<TaskState>): TaskState => ({ ...EMPTY_TASK, ...v });

describe.each([
  ['browser', { mergeChapter, mergeTask }],
  ['server', server],
])('merge rules (%s)', (_name, m) => {
  it('a newer tick wins and an older one arriving later is ignored', () => {
    const tick = tk({ completed: true, completed_at: 1000, client_updated_at: 1000 });
    const untick = tk({ completed: false, completed_at: 0, client_updated_at: 2000 });
    expect(m.mergeTask(tick, untick)).toEqual(untick);
    expect(m.mergeTask(untick, tick)).toEqual(untick);
  });

  it('a replayed tick changes nothing', () => {
    const tick = tk({ completed: true, completed_at: 1000, client_updated_at: 1000, device_id: 'd1', device_at: 10 });
    expect(m.mergeTask(tick, { ...tick })).toEqual(tick);
  });

  it("one device's ticks keep that device's order, whatever times the server's corrections gave them", () => {
    // the tick's batch took long to arrive, so its corrected time is later than the untick's
    const tick = tk({ completed: true, completed_at: 1400, client_updated_at: 1400, device_id: 'd1', device_at: 100 });
    const untick = tk({ completed: false, client_updated_at: 1060, device_id: 'd1', device_at: 150 });
    expect(m.mergeTask(tick, untick)).toMatchObject({ completed: false, client_updated_at: 1400, device_at: 150 });
    expect(m.mergeTask(untick, tick)).toMatchObject({ completed: false, device_at: 150 });
    // another device's write is ordered by time
    const other = tk({ completed: true, completed_at: 1300, client_updated_at: 1300, device_id: 'd2', device_at: 9 });
    expect(m.mergeTask(untick, other).completed).toBe(true);
    expect(m.mergeTask(tick, other).completed).toBe(true);
  });

  it("one device's positions keep that device's order too; visits and completion are not ordered", () => {
    const first = ch({ position_seconds: 300, position_at: 1400, device_id: 'd1', device_at: 100 });
    const rewind = ch({ position_seconds: 20, position_at: 1060, device_id: 'd1', device_at: 150 });
    expect(m.mergeChapter(first, rewind)).toMatchObject({ position_seconds: 20, position_at: 1400, device_at: 150 });
    expect(m.mergeChapter(rewind, first).position_seconds).toBe(20);
    // a visit of the same device changes no position
    const visit = ch({ visited: true, last_visited_at: 1500, client_updated_at: 1500, device_id: 'd1' });
    expect(m.mergeChapter(rewind, visit)).toMatchObject({
      position_seconds: 20,
      device_at: 150,
      last_visited_at: 1500,
    });
  });

  it('the position with the newest time wins, whatever the order of arrival', () => {
    const a = ch({ position_seconds: 40, position_at: 1000, client_updated_at: 1000 });
    const b = ch({ position_seconds: 12, position_at: 3000, client_updated_at: 3000 });
    expect(m.mergeChapter(a, b).position_seconds).toBe(12);
    expect(m.mergeChapter(b, a).position_seconds).toBe(12);
  });

  it('completion never un-completes and keeps the first completion time', () => {
    const done = ch({ visited: true, completed: true, completed_at: 5000, client_updated_at: 5000 });
    const later = ch({
      visited: true,
      completed: false,
      client_updated_at: 9000,
      position_at: 9000,
      position_seconds: 4,
    });
    const merged = m.mergeChapter(done, later);
    expect(merged.completed).toBe(true);
    expect(merged.completed_at).toBe(5000);
    expect(merged.position_seconds).toBe(4);
    expect(m.mergeChapter(later, done).completed).toBe(true);
  });

  it('visits accumulate and the last visit is the latest', () => {
    const merged = m.mergeChapter(
      ch({ visited: true, last_visited_at: 7000 }),
      ch({ visited: false, last_visited_at: 3000 }),
    );
    expect(merged).toMatchObject({ visited: true, last_visited_at: 7000 });
  });
});

describe("the server's clock correction (lib/course/progress-merge.js)", () => {
  const received = 1_800_000_000_000;
  it('moves every time the device stamped by the difference at receipt, and keeps device_at', () => {
    const day = 86_400_000;
    const state = tk({
      completed: true,
      completed_at: received + day - 5_000,
      client_updated_at: received + day - 5_000,
    });
    const corrected = server.correctTimes(
      { ...state, device_id: 'd1', device_at: state.client_updated_at },
      received + day - 20,
      received,
    );
    expect(corrected).toMatchObject({
      completed_at: received - 4_980,
      client_updated_at: received - 4_980,
      device_at: received + day - 5_000,
    });
  });

  it('leaves unset times unset, and takes a time after the receipt (a clock set back) as the receipt', () => {
    const state = ch({ last_visited_at: 0, position_at: received + 60_000, client_updated_at: received + 60_000 });
    expect(server.correctTimes(state, received, received)).toMatchObject({
      last_visited_at: 0,
      completed_at: 0,
      position_at: received,
      client_updated_at: received,
    });
  });
});

describe('normalizing server records', () => {
  it('reads PocketBase date strings', () => {
    const n = normalizeChapter({ completed: true, completed_at: '2026-11-21 12:00:00.000Z', visited: false });
    expect(n.completed_at).toBe(Date.parse('2026-11-21T12:00:00.000Z'));
    expect(n.visited).toBe(true);
  });
});

describe('record ids made on the device', () => {
  it('are valid PocketBase ids, the same on every device, different per chapter and task', async () => {
    const a = await chapterProgressId('user1', 'chapter1');
    expect(a).toMatch(/^[a-z0-9]{15}$/);
    expect(await chapterProgressId('user1', 'chapter1')).toBe(a);
    expect(await chapterProgressId('user2', 'chapter1')).not.toBe(a);
    expect(await taskProgressId('user1', 'chapter1', 'TASK_01')).not.toBe(
      await taskProgressId('user1', 'chapter1', 'TASK_02'),
    );
    expect(await deterministicId('x')).toMatch(/^[a-z0-9]{15}$/);
  });
});

describe('progress arithmetic', () => {
  it('saves the video position on even whole seconds, once each', () => {
    expect(positionToSave(0.4, undefined)).toBeUndefined();
    expect(positionToSave(1.9, undefined)).toBeUndefined();
    expect(positionToSave(2.1, undefined)).toBe(2);
    expect(positionToSave(2.7, 2)).toBeUndefined();
    expect(positionToSave(4.0, 2)).toBe(4);
  });

  it('counts completed chapters, not visited ones', () => {
    const chapters = [1, 2, 3].map((n) => ({ id: `c${n}`, sort_order: n }));
    expect(completedChapterCount(chapters, new Set(['c1', 'c3', 'other']))).toBe(2);
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
  });

  it('counts lessons: intros with their chapter, tasks with their tick', () => {
    const lessons = [
      { id: 'l1', module_id: 'c1', kind: 'intro' as const, task_id: '' },
      { id: 'l2', module_id: 'c1', kind: 'task' as const, task_id: 't1' },
      { id: 'l3', module_id: 'c1', kind: 'task' as const, task_id: 't2' },
      { id: 'l4', module_id: 'c2', kind: 'intro' as const, task_id: '' },
    ];
    expect(completedLessonCount(lessons, new Set(['c1']), new Set(['t2']))).toBe(2);
  });

  it('formats the course price without decimals', () => {
    expect(coursePrice(13900, 'usd')).toBe('$139');
  });
});

describe('video file tokens', () => {
  const token = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
  it('are refreshed 30 s before they expire', () => {
    const now = 1_000_000_000_000;
    expect(refreshDelay(token(now / 1000 + 180), now)).toBe(150_000);
    expect(refreshDelay(token(now / 1000 + 10_800), now)).toBe(10_770_000);
    expect(refreshDelay(token(now / 1000 + 5), now)).toBe(20_000);
    expect(refreshDelay('not-a-jwt', now)).toBe(150_000);
  });
});

describe("a chapter's text under its lead sentence", () => {
  const lead = 'Warm-up sketches that get you past the fear of the first line.';
  it('leaves out a first paragraph that repeats the lead', () => {
    expect(chapterBody(`${lead}\n\nIn this chapter we draw.`, lead)).toBe('In this chapter we draw.');
    expect(chapterBody(`  ${lead}  `, lead)).toBe('');
  });
  it('keeps a text that only starts like the lead, or does not start with it', () => {
    expect(chapterBody(`${lead} And more in the same paragraph.`, lead)).toBe(
      `${lead} And more in the same paragraph.`,
    );
    expect(chapterBody('In this chapter we draw.', lead)).toBe('In this chapter we draw.');
    expect(chapterBody('Text.', '')).toBe('Text.');
  });
});
