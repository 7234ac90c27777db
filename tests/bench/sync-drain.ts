// Bundled by tests/bench/sync.mjs (esbuild) and run in Node: the app's real outbox and
// progress handlers, on fake-indexeddb, against a real PocketBase.
import 'fake-indexeddb/auto';
import PocketBase from 'pocketbase';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from '@/features/course/api/progress-records';
import { createProgressHandler } from '@/features/course/api/progress-sync';
import { chapterProgressId, taskProgressId } from '@/features/course/model/progress-id';
import { AtelierDb } from '@/lib/offline/db';
import { createOutbox } from '@/lib/offline/outbox';

export interface DrainInput {
  url: string;
  token: string;
  userId: string;
  courseId: string;
  chapters: { id: string }[];
  tasks: { chapter_id: string; task_identifier: string }[];
  ops: number;
}

export async function queueAndDrain(input: DrainInput) {
  const client = new PocketBase(input.url);
  client.autoCancellation(false);
  client.authStore.save(input.token, null);
  const net = { online: false };
  const outbox = createOutbox(new AtelierDb(`bench-${Date.now()}`).outbox, {
    now: () => Date.now(),
    random: Math.random,
    isOnline: () => net.online,
    withLock: async (fn) => {
      await fn();
      return true;
    },
    setTimer: (fn, ms) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    },
  });
  outbox.register(CHAPTER_PROGRESS_OP, createProgressHandler(client, 'chapter_progress'));
  outbox.register(TASK_PROGRESS_OP, createProgressHandler(client, 'user_task_progress'));

  // 1,000 ops queued offline: half chapter progress, half ticks, one in five a duplicate,
  // device times shuffled (out of order).
  const base = Date.now() - 86_400_000;
  const distinct = new Set<string>();
  let queued = 0;
  let seed = 7;
  const rand = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const enqueueStart = performance.now();
  while (queued < input.ops) {
    const at = new Date(base + Math.floor(rand() * 80_000_000)).toISOString();
    let op: string;
    let record: Record<string, unknown> & { id: string };
    if (rand() < 0.5) {
      const ch = input.chapters[Math.floor(rand() * input.chapters.length)]!;
      record = {
        id: await chapterProgressId(input.userId, ch.id),
        user_id: input.userId,
        course_id: input.courseId,
        chapter_id: ch.id,
        visited: true,
        last_visited_at: at,
        position_seconds: 2 * Math.floor(rand() * 300),
        position_at: at,
        completed: rand() < 0.1,
        client_updated_at: at,
      };
      op = CHAPTER_PROGRESS_OP;
    } else {
      const t = input.tasks[Math.floor(rand() * input.tasks.length)]!;
      const completed = rand() < 0.5;
      record = {
        id: await taskProgressId(input.userId, t.chapter_id, t.task_identifier),
        user_id: input.userId,
        course_id: input.courseId,
        chapter_id: t.chapter_id,
        task_identifier: t.task_identifier,
        completed,
        completed_at: completed ? at : '',
        client_updated_at: at,
      };
      op = TASK_PROGRESS_OP;
    }
    distinct.add(record.id);
    const copies = rand() < 0.2 ? 2 : 1;
    for (let k = 0; k < copies && queued < input.ops; k++, queued++)
      await outbox.enqueue(op, { record }, { userId: input.userId });
  }
  const enqueueMs = performance.now() - enqueueStart;

  const start = performance.now();
  net.online = true;
  for (;;) {
    await outbox.drain();
    const s = await outbox.status();
    if (s.pending === 0) {
      const drainMs = performance.now() - start;
      return { ops: queued, records: distinct.size, enqueueMs, drainMs, failed: s.failed, lastError: s.lastError };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
