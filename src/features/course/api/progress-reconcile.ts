// Pulling a learner's progress for a course from the server into the device's copy, and
// reconciling the two: a record with a write still on the device (waiting, in flight or
// refused) keeps its local changes, merged with the server's; a record the server lacks with
// nothing queued (left by an older release, or a lost row) is queued now, as the device's copy
// on the server's clock (the server clamps it); any other record becomes the server's. Takes its database, outbox and client as arguments,
// so the fault harness runs it for several devices at once.
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
  TASK_PROGRESS_OP,
  taskCoalesceKey,
  taskPayload,
} from './progress-records';

export interface PullDeps {
  db: AtelierDb;
  outbox: Pick<Outbox, 'stage' | 'changed'>;
  client: Pick<PocketBaseClient, 'collection' | 'filter'>;
}

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

/** Pulls and reconciles one course's progress; resolves how many records it queued. */
export async function pullProgress(deps: PullDeps, userId: string, courseId: string): Promise<number> {
  const { db: device, outbox: queue, client } = deps;
  const filter = client.filter('user_id = {:u} && course_id = {:c}', { u: userId, c: courseId });
  const [chapters, tasks] = await Promise.all([
    client.collection(Collections.ChapterProgress).getFullList<ChapterProgressRecord>({ filter }),
    client.collection(Collections.UserTaskProgress).getFullList<UserTaskProgressRecord>({ filter }),
  ]);
  let queued = 0;
  await device.transaction('rw', device.chapter_progress, device.task_progress, device.outbox, async () => {
    // records with a write still on the device (waiting, in flight, or refused)
    const waiting = new Set(
      (await device.outbox.where('userId').equals(userId).toArray()).map((r) => r.coalesceKey ?? ''),
    );

    const serverChapters = new Map(chapters.map((r) => [r.id, r]));
    const localChapters = await device.chapter_progress
      .where('[user_id+course_id]')
      .equals([userId, courseId])
      .toArray();
    const chapterIds = new Set([...serverChapters.keys(), ...localChapters.map((r) => r.id)]);
    for (const id of chapterIds) {
      const server = serverChapters.get(id);
      const serverState: ChapterState | undefined = server ? normalizeChapter(server) : undefined;
      const local = localChapters.find((r) => r.id === id);
      if (local && (waiting.has(chapterCoalesceKey(id)) || ahead(local, serverState, mergeChapter))) {
        const merged = { ...local, ...chapterFields(serverState ? mergeChapter(local, serverState) : local) };
        await device.chapter_progress.put(merged);
        if (!waiting.has(chapterCoalesceKey(id))) {
          await queue.stage(CHAPTER_PROGRESS_OP, chapterPayload(merged), {
            coalesceKey: chapterCoalesceKey(id),
            idempotencyKey: id,
            userId,
            fold: (queued, change) => foldProgress(Collections.ChapterProgress, queued, change),
          });
          queued++;
        }
      } else if (server) await device.chapter_progress.put(localChapter(server));
    }

    const serverTasks = new Map(tasks.map((r) => [r.id, r]));
    const localTasks = await device.task_progress.where('[user_id+course_id]').equals([userId, courseId]).toArray();
    const taskIds = new Set([...serverTasks.keys(), ...localTasks.map((r) => r.id)]);
    for (const id of taskIds) {
      const server = serverTasks.get(id);
      const serverState: TaskState | undefined = server ? normalizeTask(server) : undefined;
      const local = localTasks.find((r) => r.id === id);
      if (local && (waiting.has(taskCoalesceKey(id)) || ahead(local, serverState, mergeTask))) {
        const merged = { ...local, ...(serverState ? mergeTask(local, serverState) : normalizeTask(local)) };
        await device.task_progress.put(merged);
        if (!waiting.has(taskCoalesceKey(id))) {
          await queue.stage(TASK_PROGRESS_OP, taskPayload(merged), {
            coalesceKey: taskCoalesceKey(id),
            idempotencyKey: id,
            userId,
            fold: (queued, change) => foldProgress(Collections.UserTaskProgress, queued, change),
          });
          queued++;
        }
      } else if (server) await device.task_progress.put(localTask(server));
    }
  });
  if (queued) queue.changed();
  return queued;
}
