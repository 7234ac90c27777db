// A course the learner no longer has (refunded: the server ended the enrolment) leaves their
// device at the next sync, not only the server: its downloaded videos, compendium and
// certificate copies, chapter snapshots and mirrored chapter texts go. Progress stays (on the
// server and here), so buying the course again resumes it. Only an answer of a live session
// counts (an expired token reads as a guest, whose empty answer must never wipe a learner's
// course), and only for the account that asked. Admins read every chapter without an
// enrolment, so their copies are judged by what the server lets them read, like everyone's.
import { Collections } from '@/lib/contract/contract.gen';
import { db, userRowKey } from '@/lib/offline/db';
import { pb } from '@/lib/pocketbase/client';
import { requireLiveSession, sessionUserId } from '@/lib/pocketbase/session';
import type { CourseModulesRecord } from '@/lib/pocketbase/types.gen';
import { deleteUserFile } from '@/lib/offline/user-data';
import { copyKeyOf } from './manage-downloads';

/** Where the downloads page's list (courses with their chapter texts) is mirrored. */
export const downloadableMirrorKey = (userId: string) => `downloadable:${userId}`;

type CourseList = { id?: string; course_id?: string }[];

/** The courses whose data this account keeps on the device (downloads, mirrored chapters, the downloads list). */
async function coursesOnDevice(userId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const row of await db.downloads.where('userId').equals(userId).toArray())
    if (row.courseId) ids.add(row.courseId);
  const listKey = userRowKey(userId, downloadableMirrorKey(userId));
  for (const row of await db.user_rows.where('userId').equals(userId).toArray()) {
    if (row.key === listKey && Array.isArray(row.value))
      for (const course of row.value as CourseList) if (course.id) ids.add(course.id);
    const courseId = mirroredCourse(userId, row.key, row.value);
    if (courseId) ids.add(courseId);
  }
  return ids;
}

/** The course a mirrored chapter text (or chapter list) belongs to, or ''. */
function mirroredCourse(userId: string, key: string, value: unknown): string {
  const query = key.slice(userRowKey(userId, '').length);
  if (query.startsWith('chapters:')) return query.slice(query.lastIndexOf(':') + 1);
  if (query.startsWith('chapter:')) return (value as Pick<CourseModulesRecord, 'course_id'> | null)?.course_id ?? '';
  return '';
}

/** The note of copies still to delete for a course already forgotten (their cache keys). */
const FORGETTING = 'forgetting:';
const forgettingKey = (userId: string, courseId: string) => userRowKey(userId, `${FORGETTING}${courseId}`);

/**
 * Removes what this account keeps of one course it may no longer read: downloads and their
 * copies, chapter texts and lists; its mirrored enrolment becomes "none". Everything the app
 * reads goes in one transaction, so a page closed or navigated away a moment later leaves
 * nothing of the course to list, show or open; the cached copies go after it, and the note
 * left for them lets the next start finish the job, offline too (finishForgetting).
 */
export async function forgetCourse(userId: string, courseId: string): Promise<void> {
  await db.transaction('rw', db.user_rows, db.downloads, async () => {
    const downloads = await db.downloads.where('[userId+courseId]').equals([userId, courseId]).toArray();
    const copies = downloads.map(copyKeyOf).filter(Boolean);
    await db.downloads.bulkDelete(downloads.map((r) => r.key));
    if (copies.length) {
      const key = forgettingKey(userId, courseId);
      const note = await db.user_rows.get(key);
      const value = [...new Set([...((note?.value as string[] | undefined) ?? []), ...copies])];
      await db.user_rows.put({ key, userId, value, updatedAt: Date.now() });
    }
    const rows = await db.user_rows.where('userId').equals(userId).toArray();
    const gone = rows.filter((r) => mirroredCourse(userId, r.key, r.value) === courseId).map((r) => r.key);
    await db.user_rows.bulkDelete(gone);
    const enrolment = userRowKey(userId, `enrollment:${userId}:${courseId}`);
    if (await db.user_rows.get(enrolment))
      await db.user_rows.put({ key: enrolment, userId, value: null, updatedAt: Date.now() });
    // the lists that name the course: the enrolments (by course_id) and the downloads page's (by id)
    for (const [key, field] of [
      [`enrollments:${userId}`, 'course_id'],
      [downloadableMirrorKey(userId), 'id'],
    ] as const) {
      const list = await db.user_rows.get(userRowKey(userId, key));
      if (!Array.isArray(list?.value)) continue;
      const value = (list.value as CourseList).filter((e) => e[field] !== courseId);
      await db.user_rows.put({ ...list, value, updatedAt: Date.now() });
    }
  });
  await finishForgetting(userId);
}

/**
 * Deletes the cached copies of courses this account already forgot (a page closed before they
 * went), except a copy downloaded again since (bought again): a download row owns it now.
 */
export async function finishForgetting(userId: string): Promise<void> {
  const prefix = userRowKey(userId, FORGETTING);
  const notes = await db.user_rows.where('key').startsWith(prefix).toArray();
  if (!notes.length) return;
  const owned = new Set((await db.downloads.where('userId').equals(userId).toArray()).map(copyKeyOf));
  for (const note of notes) {
    for (const copy of (note.value as string[] | undefined) ?? [])
      if (!owned.has(copy)) await deleteUserFile(userId, copy);
    await db.user_rows.delete(note.key);
  }
}

/** Forgets every course on the device that is not among the ones the server lets the account read. */
export async function forgetCoursesBut(userId: string, readable: Iterable<string>): Promise<string[]> {
  const keep = new Set(readable);
  const gone = [...(await coursesOnDevice(userId))].filter((id) => !keep.has(id));
  for (const courseId of gone) await forgetCourse(userId, courseId);
  return gone;
}

/**
 * The sync's check (on start and on every reconnect): asks the server which courses' chapters
 * this learner may read now (the chapter rule: enrolled or admin) and forgets the others kept
 * on this device. Returns the courses forgotten. Throws without a live session or a connection
 * (nothing is removed then).
 */
export async function checkCourseAccess(userId: string): Promise<string[]> {
  if (!(await coursesOnDevice(userId)).size) return [];
  requireLiveSession();
  if (sessionUserId() !== userId) return [];
  const chapters = await pb
    .collection(Collections.CourseModules)
    .getFullList<Pick<CourseModulesRecord, 'course_id'>>({ fields: 'course_id', requestKey: null });
  // another account signed in meanwhile: this answer is theirs
  if (sessionUserId() !== userId) return [];
  return forgetCoursesBut(
    userId,
    chapters.map((c) => c.course_id),
  );
}
