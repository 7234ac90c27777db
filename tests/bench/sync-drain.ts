// Bundled by tests/bench/sync.mjs (esbuild) and run in Node: many learners' devices, each with
// the app's real outbox and progress handlers on fake IndexedDB, queue progress offline and
// then drain into one real PocketBase at the same moment (a train reaching a station).
import 'fake-indexeddb/auto';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from '@/features/course/api/progress-records';
import { chapterProgressId, taskProgressId } from '@/features/course/model/progress-id';
import { drained, type ProgressDevice, progressDevice } from '../support/progress-device';

export interface Learner {
  userId: string;
  token: string;
  /** The device's own address (the server trusts the bench as its proxy). */
  ip: string;
}

export interface DrainInput {
  url: string;
  courseId: string;
  learners: Learner[];
  chapters: { id: string }[];
  tasks: { chapter_id: string; task_identifier: string }[];
  opsPerLearner: number;
}

type Progress = Record<string, unknown> & { id: string };

/** A seeded generator, so every run queues the same ops. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * One learner's week offline: ops on their chapters' progress and task ticks, about half
 * each, one in five sent twice, device times shuffled (out of order). Returns the distinct
 * record ids it touched.
 */
async function queueOffline(device: ProgressDevice, input: DrainInput, learner: Learner, rand: () => number) {
  const base = Date.now() - 7 * 86_400_000;
  const records = new Set<string>();
  const { userId } = learner;
  for (let queued = 0; queued < input.opsPerLearner; ) {
    const at = new Date(base + Math.floor(rand() * 6 * 86_400_000)).toISOString();
    let op: string;
    let record: Progress;
    if (rand() < 0.5) {
      const ch = input.chapters[Math.floor(rand() * input.chapters.length)]!;
      record = {
        id: await chapterProgressId(userId, ch.id),
        user_id: userId,
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
        id: await taskProgressId(userId, t.chapter_id, t.task_identifier),
        user_id: userId,
        course_id: input.courseId,
        chapter_id: t.chapter_id,
        task_identifier: t.task_identifier,
        completed,
        completed_at: completed ? at : '',
        client_updated_at: at,
      };
      op = TASK_PROGRESS_OP;
    }
    records.add(record.id);
    const copies = rand() < 0.2 ? 2 : 1;
    for (let k = 0; k < copies && queued < input.opsPerLearner; k++, queued++)
      await device.enqueue(op, { record }, { userId });
  }
  return records;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

export async function queueAndDrain(input: DrainInput) {
  const rand = rng(7);
  const devices: { device: ProgressDevice; records: Set<string> }[] = [];
  for (const learner of input.learners) {
    const device = progressDevice(input.url, learner.token, { ip: learner.ip, online: false });
    devices.push({ device, records: await queueOffline(device, input, learner, rand) });
  }
  const start = performance.now();
  const done: number[] = [];
  const statuses = await Promise.all(
    devices.map(async ({ device }) => {
      device.net.online = true;
      const s = await drained(device, { timeoutMs: 300_000, pollMs: 50 });
      done.push(performance.now() - start);
      return s;
    }),
  );
  const drainMs = performance.now() - start;
  done.sort((a, b) => a - b);
  const failed = statuses.reduce((n, s) => n + s.failed, 0);
  return {
    learners: devices.length,
    ops: devices.length * input.opsPerLearner,
    records: devices.reduce((n, d) => n + d.records.size, 0),
    /** Every record id queued, by learner: the bench checks the server holds each one. */
    recordIds: devices.map((d) => [...d.records]),
    drainMs,
    deviceP50Ms: percentile(done, 50),
    deviceP95Ms: percentile(done, 95),
    failed,
    lastError: statuses.find((s) => s.lastError)?.lastError,
  };
}
