// Chapter and task progress, offline-first: every change is merged into the device's copy
// (Dexie) with the server's rules and queued in the outbox as the whole record, coalesced
// per record so a playing video does not grow the queue. The server merges again.
import { db, type LocalChapterProgress, type LocalTaskProgress } from '@/lib/offline/db';
import { useLiveQuery } from '@/lib/offline/live';
import { enqueue } from '@/lib/offline/outbox-runtime';
import { type ChapterState, EMPTY_CHAPTER, EMPTY_TASK, mergeChapter, mergeTask, toIso } from '../model/merge';
import { chapterProgressId, taskProgressId } from '../model/progress-id';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from './progress-sync';

export interface ChapterRef {
  userId: string;
  courseId: string;
  chapterId: string;
}

const chapterFields = (s: ChapterState) => ({
  visited: s.visited,
  last_visited_at: s.last_visited_at,
  position_seconds: s.position_seconds,
  position_at: s.position_at,
  completed: s.completed,
  completed_at: s.completed_at,
  client_updated_at: s.client_updated_at,
});

function chapterPayload(row: LocalChapterProgress) {
  return {
    record: {
      id: row.id,
      user_id: row.user_id,
      course_id: row.course_id,
      chapter_id: row.chapter_id,
      visited: row.visited,
      last_visited_at: toIso(row.last_visited_at),
      position_seconds: row.position_seconds,
      position_at: toIso(row.position_at),
      completed: row.completed,
      completed_at: toIso(row.completed_at),
      client_updated_at: toIso(row.client_updated_at),
    },
  };
}

function taskPayload(row: LocalTaskProgress) {
  return {
    record: {
      id: row.id,
      user_id: row.user_id,
      course_id: row.course_id,
      chapter_id: row.chapter_id,
      task_identifier: row.task_identifier,
      task_title: row.task_title,
      completed: row.completed,
      completed_at: toIso(row.completed_at),
      client_updated_at: toIso(row.client_updated_at),
    },
  };
}

/** Device time that only moves forward, so two quick changes never share a tick. */
let lastTick = 0;
function tick(): number {
  lastTick = Math.max(Date.now(), lastTick + 1);
  return lastTick;
}

async function applyChapter(
  ref: ChapterRef,
  change: (now: number) => Partial<ChapterState>,
): Promise<LocalChapterProgress> {
  const id = await chapterProgressId(ref.userId, ref.chapterId);
  const now = tick();
  const row = await db.transaction('rw', db.chapter_progress, async () => {
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
    return next;
  });
  await enqueue(CHAPTER_PROGRESS_OP, chapterPayload(row), {
    coalesceKey: `chapter_progress:${id}`,
    idempotencyKey: id,
    userId: ref.userId,
  });
  return row;
}

/** Opening a chapter marks it visited (and the last visited one). */
export const recordVisit = (ref: ChapterRef) => applyChapter(ref, (now) => ({ visited: true, last_visited_at: now }));

/** The video position, saved on even whole seconds by the player. */
export const savePosition = (ref: ChapterRef, seconds: number) =>
  applyChapter(ref, (now) => ({ visited: true, position_seconds: seconds, position_at: now }));

/** Video end (with the full duration as the position) or "Mark as complete". */
export const markCompleted = (ref: ChapterRef, durationSeconds?: number) =>
  applyChapter(ref, (now) => ({
    visited: true,
    completed: true,
    completed_at: now,
    ...(durationSeconds ? { position_seconds: Math.floor(durationSeconds), position_at: now } : {}),
  }));

export interface TaskRef extends ChapterRef {
  taskIdentifier: string;
  taskTitle: string;
}

/** Ticks or unticks a task; the newest tick wins everywhere. */
export async function setTaskCompleted(ref: TaskRef, completed: boolean): Promise<LocalTaskProgress> {
  const id = await taskProgressId(ref.userId, ref.chapterId, ref.taskIdentifier);
  const now = tick();
  const row = await db.transaction('rw', db.task_progress, async () => {
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
    return next;
  });
  await enqueue(TASK_PROGRESS_OP, taskPayload(row), {
    coalesceKey: `user_task_progress:${id}`,
    idempotencyKey: id,
    userId: ref.userId,
  });
  return row;
}

export interface CourseProgress {
  chapters: Map<string, LocalChapterProgress>;
  tasks: Map<string, LocalTaskProgress>;
}

/** Live view of the device's progress for a course (undefined while reading). */
export function useCourseProgress(userId: string, courseId: string): CourseProgress | undefined {
  return useLiveQuery(async () => {
    const [chapters, tasks] = await Promise.all([
      db.chapter_progress.where('[user_id+course_id]').equals([userId, courseId]).toArray(),
      db.task_progress.where('[user_id+course_id]').equals([userId, courseId]).toArray(),
    ]);
    return {
      chapters: new Map(chapters.map((c) => [c.chapter_id, c])),
      tasks: new Map(tasks.map((t) => [`${t.chapter_id}:${t.task_identifier}`, t])),
    };
  }, [userId, courseId]);
}
