// The course's compendium PDF: a protected file (course_compendium), readable by enrolled
// learners and admins with a file token, like the chapter videos. "Download Compendium"
// keeps a copy in the learner's downloads on this device (offline-files.ts: their own cache
// and a downloads row, removed on their sign-out like every download) and hands the browser
// that copy, so it opens offline too.
import { queryOptions } from '@tanstack/react-query';
import { Collections } from '@/lib/contract/contract.gen';
import { saveAs } from '@/lib/files/save-as';
import { db } from '@/lib/offline/db';
import { useLiveQuery } from '@/lib/offline/live';
import { offlineMediaKey } from '@/lib/offline/media-keys';
import { pb } from '@/lib/pocketbase/client';
import type { CourseCompendiumRecord } from '@/lib/pocketbase/types.gen';
import { courseKeys } from './keys';
import { saveFileForOffline, storedFile } from './offline-files';

export type CompendiumFile = Pick<
  CourseCompendiumRecord,
  'id' | 'collectionId' | 'collectionName' | 'course_id' | 'file'
>;

export const COMPENDIUM_TITLE = 'Compendium';

/** The course's compendium record (null when the course has none or the learner may not read it). */
export const compendiumQueryOptions = (userId: string, courseId: string) =>
  queryOptions({
    queryKey: courseKeys.compendium(userId, courseId),
    queryFn: async (): Promise<CompendiumFile | null> =>
      (
        await pb.collection(Collections.CourseCompendium).getList<CompendiumFile>(1, 1, {
          filter: pb.filter('course_id = {:c}', { c: courseId }),
          fields: 'id,collectionId,collectionName,course_id,file',
          skipTotal: true,
        })
      ).items[0] ?? null,
    staleTime: 5 * 60_000,
  });

/** Where the copy of a compendium lives in Cache Storage. */
export function compendiumCacheKey(file: Pick<CompendiumFile, 'id' | 'collectionId' | 'collectionName' | 'file'>) {
  return offlineMediaKey({
    collection: file.collectionId || file.collectionName,
    recordId: file.id,
    filename: file.file,
  });
}

/** A protected PDF of a course (compendium, completion certificate): its record and file name. */
export type CourseFile = Pick<CompendiumFile, 'id' | 'collectionId' | 'collectionName' | 'course_id' | 'file'>;

/** The tokenized URL of the protected file (the token is the signed-in learner's). */
export async function compendiumUrl(file: CourseFile): Promise<string> {
  const token = await pb.files.getToken();
  return pb.files.getURL(
    { id: file.id, collectionId: file.collectionId, collectionName: file.collectionName },
    file.file,
    {
      token,
    },
  );
}

/** This learner's downloaded course file titled `title` (its downloads row), live; undefined while loading. */
export function useStoredCourseFile(userId: string, courseId: string, title: string) {
  return useLiveQuery(
    async () =>
      (await db.downloads.where('[userId+courseId]').equals([userId, courseId]).toArray()).find(
        (r) => r.kind === 'file' && r.chapterId === '' && r.title === title,
      ) ?? null,
    [userId, courseId, title],
  );
}

/** This learner's downloaded compendium of a course (its downloads row), live; undefined while loading. */
export const useStoredCompendium = (userId: string, courseId: string) =>
  useStoredCourseFile(userId, courseId, COMPENDIUM_TITLE);

/**
 * Saves a course PDF as a file: the copy in the learner's downloads, else (online) the server's,
 * kept as that copy first (offline-files.ts).
 */
export async function downloadCourseFile(
  userId: string,
  stored: { key: string; userId: string } | null | undefined,
  file: CourseFile | null | undefined,
  title: string,
  name: string,
): Promise<void> {
  let blob = stored ? await storedFile(stored) : null;
  if (!blob) {
    if (!file?.file) throw new Error(`The ${title.toLowerCase()} is not on this device. Connect to download it.`);
    blob = await saveFileForOffline(userId, {
      key: compendiumCacheKey(file),
      courseId: file.course_id,
      title,
      type: 'application/pdf',
      url: () => compendiumUrl(file),
    });
  }
  saveAs(blob, name);
}

/**
 * Stores the compendium in the learner's downloads (once) and returns the copy as a Blob.
 * Needs a connection the first time; afterwards it answers from the copy.
 */
export function saveCompendium(userId: string, file: CompendiumFile): Promise<Blob> {
  return saveFileForOffline(userId, {
    key: compendiumCacheKey(file),
    courseId: file.course_id,
    title: COMPENDIUM_TITLE,
    type: 'application/pdf',
    url: () => compendiumUrl(file),
  });
}

/** The stored copy a downloads row names, or null when it is gone (storage evicted). */
export const storedCompendium = storedFile;
