// The learner's list of downloads on this device, and freeing them (one item, a chapter, a
// course, or everything).
import { type DownloadRow, db } from '@/lib/offline/db';
import { useLiveQuery } from '@/lib/offline/live';
import { clearAllUserFiles, clearUserFiles, deleteUserFile } from '@/lib/offline/user-data';

/** The key of a row's copy in its owner's own cache; '' for a row that is its own copy (a record). */
export const copyKeyOf = (row: DownloadRow): string =>
  row.kind === 'record' ? '' : row.key.slice(row.key.indexOf('|') + 1);

/** Removes the rows and their copies (each row is one copy in its owner's own cache). */
async function removeRows(rows: readonly DownloadRow[]): Promise<void> {
  for (const row of rows) {
    const copy = copyKeyOf(row);
    if (copy) await deleteUserFile(row.userId, copy);
  }
  await db.downloads.bulkDelete(rows.map((r) => r.key));
}

/** Frees one downloaded item (a row key from the downloads list). */
export async function removeDownload(key: string): Promise<void> {
  const row = await db.downloads.get(key);
  if (row) await removeRows([row]);
}

/** Frees everything a user downloaded for one chapter. */
export async function removeChapterDownload(userId: string, chapterId: string): Promise<void> {
  await removeRows(await db.downloads.where('[userId+chapterId]').equals([userId, chapterId]).toArray());
}

/** Frees everything a user downloaded for one course. */
export async function removeCourseDownload(userId: string, courseId: string): Promise<void> {
  await removeRows(await db.downloads.where('[userId+courseId]').equals([userId, courseId]).toArray());
}

/**
 * "Remove all": a user's downloads, or (no id) every download on this device, including
 * copies whose rows are gone.
 */
export async function clearDownloads(userId?: string): Promise<void> {
  if (userId) {
    await db.downloads.where('userId').equals(userId).delete();
    await clearUserFiles(userId);
    return;
  }
  await db.downloads.clear();
  await clearAllUserFiles();
}

/** Live list of a user's downloads (newest first). */
export function useDownloads(userId: string): DownloadRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.downloads.where('userId').equals(userId).toArray();
    return rows.sort((a, b) => b.createdAt - a.createdAt || a.title.localeCompare(b.title));
  }, [userId]);
}
