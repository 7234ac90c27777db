// Chapter and task progress, offline-first: every change is merged into the device's copy
// with the server's rules and, in the same transaction, queued in the outbox as what the
// learner did (one row per record, later changes folded in). A tab killed half-way leaves
// both or neither. The change is stamped with the device's own clock and id; the server
// corrects the times per batch and merges again (docs/sync.md).
import type { AtelierDb, LocalChapterProgress, LocalTaskProgress } from '@/lib/offline/db';
import type { Outbox } from '@/lib/offline/outbox';
import { type ChapterState, EMPTY_CHAPTER, EMPTY_TASK, mergeChapter, mergeTask, type TaskState } from '../model/merge';
import { chapterProgressId, taskProgressId } from '../model/progress-id';
import {
  CHAPTER_PROGRESS_OP,
  chapterChange,
  chapterCoalesceKey,
  chapterFields,
  foldProgress,
  type ProgressPayload,
  TASK_PROGRESS_OP,
  taskChange,
  taskCoalesceKey,
} from './progress-records';
import { Collections } from '@/lib/contract/contract.gen';

export interface ChapterRef {
  userId: string;
  courseId: string;
  chapterId: string;
}

export interface TaskRef extends ChapterRef {
  taskIdentifier: string;
  taskTitle: string;
}

/** The device's clocks (lib/offline/clock.ts). */
interface WriterClock {
  /** The device's own clock: what changes are stamped with. */
  deviceNow(): number;
  /** Server minus device, as last measured (0 while unknown): aligns the device's copy. */
  offset(): number;
}

export interface ProgressWriterDeps {
  db: AtelierDb;
  outbox: Pick<Outbox, 'stage' | 'changed'>;
  clock: WriterClock;
  /** This device's id (lib/offline/device-clock.ts). */
  deviceId(): Promise<string>;
}

export function createProgressWriter({ db, outbox, clock, deviceId }: ProgressWriterDeps) {
  /**
   * The change's time on the device's clock: after this tab's last change, and after this
   * device's last change of the record (another tab's, in the same millisecond), so one
   * device's changes of a record never share a time and their order is exact.
   */
  let lastTick = 0;
  const tick = (device: string, stored: { device_id?: string; device_at?: number }) => {
    const floor = stored.device_id === device ? (stored.device_at ?? 0) + 1 : 0;
    lastTick = Math.max(clock.deviceNow(), lastTick + 1, floor);
    return lastTick;
  };
  /**
   * The change's time on the device's copy: on the server's clock, and after everything the
   * learner saw there (a record another device wrote may carry a time ahead of this clock).
   */
  const shownAt = (at: number, stored: { client_updated_at: number }) =>
    Math.max(at + clock.offset(), stored.client_updated_at + 1);
  const fold =
    (collection: typeof Collections.ChapterProgress | typeof Collections.UserTaskProgress) =>
    (queued: ProgressPayload, change: ProgressPayload) =>
      foldProgress(collection, queued, change);
  /** A change joins only a row on the device's clock (a row the pull queued on the server's keeps its own). */
  const joins = (queued: ProgressPayload) => queued.clock === 'device';

  async function applyChapter(
    ref: ChapterRef,
    change: (at: number) => Partial<ChapterState>,
    setsPosition: boolean,
  ): Promise<LocalChapterProgress> {
    const id = await chapterProgressId(ref.userId, ref.chapterId);
    const device = await deviceId();
    const ids = { id, user_id: ref.userId, course_id: ref.courseId, chapter_id: ref.chapterId };
    const row = await db.transaction('rw', db.chapter_progress, db.outbox, async () => {
      const stored = (await db.chapter_progress.get(id)) ?? { ...ids, ...EMPTY_CHAPTER };
      const at = tick(device, stored);
      const stamped = (t: number): ChapterState => ({
        ...EMPTY_CHAPTER,
        ...change(t),
        client_updated_at: t,
        device_id: device,
        device_at: setsPosition ? at : 0,
      });
      const next: LocalChapterProgress = {
        ...stored,
        ...chapterFields(mergeChapter(stored, stamped(shownAt(at, stored)))),
      };
      await db.chapter_progress.put(next);
      await outbox.stage(CHAPTER_PROGRESS_OP, chapterChange(ids, stamped(at)), {
        coalesceKey: chapterCoalesceKey(id),
        idempotencyKey: id,
        userId: ref.userId,
        fold: fold(Collections.ChapterProgress),
        joins,
      });
      return next;
    });
    outbox.changed();
    return row;
  }

  return {
    /** Opening a chapter marks it visited (and the last visited one). */
    recordVisit: (ref: ChapterRef) => applyChapter(ref, (at) => ({ visited: true, last_visited_at: at }), false),

    /** The video position, saved on even whole seconds by the player. */
    savePosition: (ref: ChapterRef, seconds: number) =>
      applyChapter(ref, (at) => ({ visited: true, position_seconds: seconds, position_at: at }), true),

    /** Video end (with the full duration as the position) or "Mark as complete". */
    markCompleted: (ref: ChapterRef, durationSeconds?: number) =>
      applyChapter(
        ref,
        (at) => ({
          visited: true,
          completed: true,
          completed_at: at,
          ...(durationSeconds ? { position_seconds: Math.floor(durationSeconds), position_at: at } : {}),
        }),
        !!durationSeconds,
      ),

    /** Ticks or unticks a task; the newest tick wins everywhere. */
    async setTaskCompleted(ref: TaskRef, completed: boolean): Promise<LocalTaskProgress> {
      const id = await taskProgressId(ref.userId, ref.chapterId, ref.taskIdentifier);
      const device = await deviceId();
      const ids = {
        id,
        user_id: ref.userId,
        course_id: ref.courseId,
        chapter_id: ref.chapterId,
        task_identifier: ref.taskIdentifier,
        task_title: ref.taskTitle,
      };
      const row = await db.transaction('rw', db.task_progress, db.outbox, async () => {
        const stored = (await db.task_progress.get(id)) ?? { ...ids, ...EMPTY_TASK };
        const at = tick(device, stored);
        const stamped = (t: number): TaskState => ({
          completed,
          completed_at: completed ? t : 0,
          client_updated_at: t,
          device_id: device,
          device_at: at,
        });
        const next: LocalTaskProgress = { ...stored, ...mergeTask(stored, stamped(shownAt(at, stored))) };
        await db.task_progress.put(next);
        await outbox.stage(TASK_PROGRESS_OP, taskChange(ids, stamped(at)), {
          coalesceKey: taskCoalesceKey(id),
          idempotencyKey: id,
          userId: ref.userId,
          fold: fold(Collections.UserTaskProgress),
          joins,
        });
        return next;
      });
      outbox.changed();
      return row;
    },
  };
}

export type ProgressWriter = ReturnType<typeof createProgressWriter>;
