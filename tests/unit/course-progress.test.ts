import { describe, expect, it } from 'vitest';
import {
  type ChapterState,
  EMPTY_CHAPTER,
  mergeChapter,
  mergeTask,
  normalizeChapter,
  type TaskState,
} from '@/features/course/model/merge';
import {
  completedChapterCount,
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
}>('lib/course/progress-merge.js');

const ch = (v: Partial<ChapterState>): ChapterState => ({ ...EMPTY_CHAPTER, ...v });

describe.each([
  ['browser', { mergeChapter, mergeTask }],
  ['server', server],
])('merge rules (%s)', (_name, m) => {
  it('a newer tick wins and an older one arriving later is ignored', () => {
    const tick = { completed: true, completed_at: 1000, client_updated_at: 1000 };
    const untick = { completed: false, completed_at: 0, client_updated_at: 2000 };
    expect(m.mergeTask(tick, untick)).toEqual(untick);
    expect(m.mergeTask(untick, tick)).toEqual(untick);
  });

  it('a replayed tick changes nothing', () => {
    const tick = { completed: true, completed_at: 1000, client_updated_at: 1000 };
    expect(m.mergeTask(tick, { ...tick })).toEqual(tick);
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
