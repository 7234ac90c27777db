// Chapter and task progress, offline-first: every change is merged into the device's copy
// with the server's rules and, in the same transaction, queued in the outbox as the whole
// record (one row per record, later changes folded in). A tab killed half-way leaves both
// or neither. The server merges again.
import type { AtelierDb, LocalChapterProgress, LocalTaskProgress } from '@/lib/offline/db';
import type { Outbox } from '@/lib/offline/outbox';
import { type ChapterState, EMPTY_CHAPTER, EMPTY_TASK, mergeChapter, mergeTask } from '../model/merge';
import { chapterProgressId, taskProgressId } from '../model/progress-id';
import {
  CHAPTER_PROGRESS_OP,
  chapterCoalesceKey,
  chapterFields,
  chapterPayload,
  foldChapterPayload,
  foldTaskPayload,
  TASK_PROGRESS_OP,
  taskCoalesceKey,
  taskPayload,
} from './progress-records';

export interface ChapterRef {
  userId: string;
  courseId: string;
  chapterId: string;
}

export interface TaskRef extends ChapterRef {
  taskIdentifier: string;
  taskTitle: string;
}

export interface ProgressWriterDeps {
  db: AtelierDb;
  outbox: Pick<Outbox, 'stage' | 'changed'>;
  /** Server-aligned time (lib/offline/clock.ts). */
  now(): number;
}

export function createProgressWriter({ db, outbox, now: clock }: ProgressWriterDeps) {
  /** Time that only moves forward, so two quick changes never share a tick. */
  let lastTick = 0;
  const tick = () => {
    lastTick = Math.max(clock(), lastTick + 1);
    return lastTick;
  };

  async function applyChapter(
    ref: ChapterRef,
    change: (now: number) => Partial<ChapterState>,
  ): Promise<LocalChapterProgress> {
    const id = await chapterProgressId(ref.userId, ref.chapterId);
    const now = tick();
    const row = await db.transaction('rw', db.chapter_progress, db.outbox, async () => {
      const stored = (await db.chapter_progress.get(id)) ?? {
        id,
        user_id: ref.userId,
        course_id: ref.courseId,
        chapter_id: ref.chapterId,
        ...EMPTY_CHAPTER,
      };
      const merged = mergeChapter(stored, { ...EMPTY_CHAPTER, ...change(now), client_updated_at: now });
      const next: LocalChapterProgress = { ...stored, ...chapterFields(merged) };
      await db.chapter_progress.put(next);
      await outbox.stage(CHAPTER_PROGRESS_OP, chapterPayload(next), {
        coalesceKey: chapterCoalesceKey(id),
        idempotencyKey: id,
        userId: ref.userId,
        fold: foldChapterPayload,
      });
      return next;
    });
    outbox.changed();
    return row;
  }

  return {
    /** Opening a chapter marks it visited (and the last visited one). */
    recordVisit: (ref: ChapterRef) => applyChapter(ref, (now) => ({ visited: true, last_visited_at: now })),

    /** The video position, saved on even whole seconds by the player. */
    savePosition: (ref: ChapterRef, seconds: number) =>
      applyChapter(ref, (now) => ({ visited: true, position_seconds: seconds, position_at: now })),

    /** Video end (with the full duration as the position) or "Mark as complete". */
    markCompleted: (ref: ChapterRef, durationSeconds?: number) =>
      applyChapter(ref, (now) => ({
        visited: true,
        completed: true,
        completed_at: now,
        ...(durationSeconds ? { position_seconds: Math.floor(durationSeconds), position_at: now } : {}),
      })),

    /** Ticks or unticks a task; the newest tick wins everywhere. */
    async setTaskCompleted(ref: TaskRef, completed: boolean): Promise<LocalTaskProgress> {
      const id = await taskProgressId(ref.userId, ref.chapterId, ref.taskIdentifier);
      const now = tick();
      const row = await db.transaction('rw', db.task_progress, db.outbox, async () => {
        const stored = (await db.task_progress.get(id)) ?? {
          id,
          user_id: ref.userId,
          course_id: ref.courseId,
          chapter_id: ref.chapterId,
          task_identifier: ref.taskIdentifier,
          task_title: ref.taskTitle,
          ...EMPTY_TASK,
        };
        const merged = mergeTask(stored, { completed, completed_at: completed ? now : 0, client_updated_at: now });
        const next: LocalTaskProgress = { ...stored, ...merged };
        await db.task_progress.put(next);
        await outbox.stage(TASK_PROGRESS_OP, taskPayload(next), {
          coalesceKey: taskCoalesceKey(id),
          idempotencyKey: id,
          userId: ref.userId,
          fold: foldTaskPayload,
        });
        return next;
      });
      outbox.changed();
      return row;
    },
  };
}

export type ProgressWriter = ReturnType<typeof createProgressWriter>;
