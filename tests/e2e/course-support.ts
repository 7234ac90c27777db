// The course from a learner's side, for the browser tests: a learner of their own per test
// (so desktop and phone never share progress), the public chapter outline, a chapter video,
// and the ticks the server holds.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { asSuperuser, createSession, type Session, signInBeforeLoad } from './accounts';
import {
  COURSE_SLUG,
  chapters as chapterRecords,
  courseBySlug,
  enroll,
  recordTestVideo,
  setChapterVideo,
} from './chapter-support';

export { asSuperuser, COURSE_SLUG };

export interface Learner {
  id: string;
  email: string;
  token: string;
  record: Session['record'];
}

export async function createLearner(tag: string): Promise<Learner> {
  const session = await createSession('learner', tag);
  return { id: session.record.id, email: session.record.email, token: session.token, record: session.record };
}

export async function enrol(learner: Learner) {
  await enroll(learner.id, (await courseBySlug()).id);
}

/** Signs the learner in before any page script runs. */
export async function signIn(context: BrowserContext, learner: Learner) {
  await signInBeforeLoad(context, { token: learner.token, record: learner.record });
}

/** The public chapter list (course_outline), in order. */
export async function chapters(
  request: APIRequestContext,
): Promise<{ id: string; sort_order: number; title: string }[]> {
  const res = await request.get('/api/collections/course_outline/records', {
    params: { sort: 'sort_order', perPage: '50' },
  });
  return ((await res.json()) as { items: { id: string; sort_order: number; title: string }[] }).items;
}

/** Uploads a 4-second video to a chapter unless it already has one. */
export async function ensureChapterVideo(page: Page, chapterId: string) {
  const course = await courseBySlug();
  const current = (await chapterRecords(course.id)).find((c) => c.id === chapterId);
  if (current?.video) return;
  await setChapterVideo(chapterId, await recordTestVideo(page, 4), 'chapter-1.webm', 4);
}

/** The learner's task ticks as the server holds them. */
export async function serverTicks(request: APIRequestContext, learner: Learner): Promise<Record<string, boolean>> {
  const res = await request.get('/api/collections/user_task_progress/records', {
    headers: { authorization: learner.token },
    params: { perPage: '100' },
  });
  const items = ((await res.json()) as { items: { task_identifier: string; completed: boolean }[] }).items;
  return Object.fromEntries(items.map((i) => [i.task_identifier, i.completed]));
}

/** The learner's task ticks as this device holds them (its IndexedDB copy, Dexie database `atelier`). */
export function deviceTicks(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('atelier');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const rows = await new Promise<{ task_identifier: string; completed: boolean }[]>((resolve, reject) => {
      const req = db.transaction('task_progress').objectStore('task_progress').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return Object.fromEntries(rows.map((r) => [r.task_identifier, r.completed]));
  });
}
