// Pulling a learner's progress for a course from the server into the device's copy, and
// reconciling the two: a record with a write still on the device (waiting, in flight or
// refused) keeps its local changes, merged with the server's; a record the server lacks with
// nothing queued (left by an older release, or a lost row) is queued now, as the device's copy
// on the server's clock (the server clamps it); any other record becomes the server's. The
// server's list is older than the reconcile: a record that was waiting when the pull began,
// or that changed on the device while the list was on its way, may have been sent meanwhile,
// so the list's word on it is not taken (it is neither queued again nor overwritten). Takes
// its database, outbox and client as arguments, so the fault harness runs it for several
// devices at once.
import { Collections } from '@/lib/contract/contract.gen';
import type { AtelierDb } from '@/lib/offline/db';
import type { Outbox } from '@/lib/offline/outbox';
import type { PocketBaseClient } from '@/lib/pocketbase/client';
import type { ChapterProgressRecord, UserTaskProgressRecord } from '@/lib/pocketbase/types.gen';
import {
  type ChapterState,
  mergeChapter,
  mergeTask,
  normalizeChapter,
  normalizeTask,
  type TaskState,
} from '../model/merge';
import {
  CHAPTER_PROGRESS_OP,
  chapterCoalesceKey,
  chapterFields,
  chapterPayload,
  foldProgress,
  localChapter,
  localTask,
  type ProgressPayload,
  TASK_PROGRESS_OP,
  taskCoalesceKey,
  taskPayload,
} from './progress-records';

export interface PullDeps {
  db: AtelierDb;
  outbox: Pick<Outbox, 'stage' | 'changed'>;
  client: Pick<PocketBaseClient, 'collection' | 'filter'>;
}

/** The device's copy is on the server's clock: it joins only a row on that clock. */
const onServerClock = (queued: ProgressPayload) => !queued.clock;

const sameState = <T extends object>(a: T, b: T) => Object.keys(a).every((k) => a[k as keyof T] === b[k as keyof T]);

/**
 * True when the device holds a record the server lacks: none on the server at all, or one an
 * older release wrote (no device id) that the server's record does not account for. A record
 * this release wrote always had its change queued with it, so once nothing is waiting the server
 * has it; its times on the device are not on the server's clock and prove nothing (a device
 * whose clock runs ahead would look ahead forever).
 */
function ahead<S extends { device_id?: string }>(local: S, server: S | undefined, merge: (a: S, b: S) => S): boolean {
  if (!server) return true;
  return !local.device_id && !sameState(merge(server, local), server);
}

/** The device's side of one course's progress: its records, and the keys of rows still waiting. */
async function deviceState(device: AtelierDb, userId: string, courseId: string) {
  const course = [userId, courseId];
  const [rows, chapters, tasks] = await Promise.all([
    device.outbox.where('userId').equals(userId).toArray(),
    device.chapter_progress.where('[user_id+course_id]').equals(course).toArray(),
    device.task_progress.where('[user_id+course_id]').equals(course).toArray(),
  ]);
  const records = new Map<string, string>();
  for (const r of [...chapters, ...tasks]) records.set(r.id, JSON.stringify(r));
  return { waiting: new Set(rows.map((r) => r.coalesceKey ?? '')), chapters, tasks, records };
}

/** Pulls and reconciles one course's progress; resolves how many records it queued. */
export async function pullProgress(deps: PullDeps, userId: string, courseId: string): Promise<number> {
  const { db: device, outbox: queue, client } = deps;
  const filter = client.filter('user_id = {:u} && course_id = {:c}', { u: userId, c: courseId });
  const before = await deviceState(device, userId, courseId);
  const [chapters, tasks] = await Promise.all([
    client.collection(Collections.ChapterProgress).getFullList<ChapterProgressRecord>({ filter }),
    client.collection(Collections.UserTaskProgress).getFullList<UserTaskProgressRecord>({ filter }),
  ]);
  let queued = 0;
  await device.transaction('rw', device.chapter_progress, device.task_progress, device.outbox, async () => {
    const now = await deviceState(device, userId, courseId);
    // records with a write still on the device (waiting, in flight, or refused)
    const waiting = now.waiting;
    // records the list may be older than: sent, or changed, while it was on its way
    const raced = (key: string, id: string) =>
      before.waiting.has(key) || before.records.get(id) !== now.records.get(id);

    const serverChapters = new Map(chapters.map((r) => [r.id, r]));
    const localChapters = now.chapters;
    const chapterIds = new Set([...serverChapters.keys(), ...localChapters.map((r) => r.id)]);
    for (const id of chapterIds) {
      const server = serverChapters.get(id);
      const serverState: ChapterState | undefined = server ? normalizeChapter(server) : undefined;
      const local = localChapters.find((r) => r.id === id);
      const busy = waiting.has(chapterCoalesceKey(id)) || raced(chapterCoalesceKey(id), id);
      if (local && (busy || ahead(local, serverState, mergeChapter))) {
        const merged = { ...local, ...chapterFields(serverState ? mergeChapter(local, serverState) : local) };
        await device.chapter_progress.put(merged);
        if (!busy) {
          await queue.stage(CHAPTER_PROGRESS_OP, chapterPayload(merged), {
            coalesceKey: chapterCoalesceKey(id),
            idempotencyKey: id,
            userId,
            fold: (queued, change) => foldProgress(Collections.ChapterProgress, queued, change),
            joins: onServerClock,
          });
          queued++;
        }
      } else if (server) await device.chapter_progress.put(localChapter(server));
    }

    const serverTasks = new Map(tasks.map((r) => [r.id, r]));
    const localTasks = now.tasks;
    const taskIds = new Set([...serverTasks.keys(), ...localTasks.map((r) => r.id)]);
    for (const id of taskIds) {
      const server = serverTasks.get(id);
      const serverState: TaskState | undefined = server ? normalizeTask(server) : undefined;
      const local = localTasks.find((r) => r.id === id);
      const busy = waiting.has(taskCoalesceKey(id)) || raced(taskCoalesceKey(id), id);
      if (local && (busy || ahead(local, serverState, mergeTask))) {
        const merged = { ...local, ...(serverState ? mergeTask(local, serverState) : normalizeTask(local)) };
        await device.task_progress.put(merged);
        if (!busy) {
          await queue.stage(TASK_PROGRESS_OP, taskPayload(merged), {
            coalesceKey: taskCoalesceKey(id),
            idempotencyKey: id,
            userId,
            fold: (queued, change) => foldProgress(Collections.UserTaskProgress, queued, change),
            joins: onServerClock,
          });
          queued++;
        }
      } else if (server) await device.task_progress.put(localTask(server));
    }
  });
  if (queued) queue.changed();
  return queued;
}
