// What a learner has downloaded on this device: one Dexie `downloads` row per stored item
// (a file copy in Cache Storage or a chapter snapshot), owned by one user. Finding a copy;
// storing them is download-course.ts, listing and freeing them manage-downloads.ts.
import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { offlineMediaKey } from '@/lib/offline/media-keys';
import { matchUserFile } from '@/lib/offline/user-data';

/** What a chapter download needs from a course_modules record (the viewer has it). */
export interface DownloadableChapter {
  id: string;
  collectionId: string;
  collectionName: string;
  course_id: string;
  title: string;
  /** File name of the protected video ('' = none). */
  video: string;
  content?: string;
  [field: string]: unknown;
}

/**
 * Whether a download stores a file: a chapter video or the course's compendium. Without one it
 * would store only texts, which the chapter viewer already keeps on the device once opened.
 */
export const hasFilesToDownload = (chapters: readonly DownloadableChapter[], compendium?: unknown): boolean =>
  !!compendium || chapters.some((c) => !!c.video);

export const rowKey = (userId: string, key: string) => `${userId}|${key}`;
export const chapterRecordKey = (chapterId: string) => `record:${Collections.CourseModules}:${chapterId}`;

/**
 * For the chapter viewer: the URL of this user's downloaded copy of the chapter video
 * (served by the service worker, seekable, works offline), or null if not downloaded.
 */
export async function offlineVideoUrl(
  userId: string,
  chapter: Pick<DownloadableChapter, 'id' | 'collectionId' | 'collectionName' | 'video'>,
): Promise<string | null> {
  if (!userId || !chapter.video) return null;
  const key = offlineMediaKey({
    collection: chapter.collectionId || chapter.collectionName,
    recordId: chapter.id,
    filename: chapter.video,
  });
  const row = await db.downloads.get(rowKey(userId, key));
  if (!row) return null;
  // The row may outlive the copy (storage evicted, or another tab cleared the cache).
  return (await matchUserFile(userId, key)) ? key : null;
}

/** The downloaded snapshot of a chapter (with its text) and its tasks, or null. */
export async function offlineChapterData(
  userId: string,
  chapterId: string,
): Promise<{ chapter: DownloadableChapter; tasks: unknown[] } | null> {
  const row = await db.downloads.get(rowKey(userId, chapterRecordKey(chapterId)));
  return (row?.record as { chapter: DownloadableChapter; tasks: unknown[] } | undefined) ?? null;
}
