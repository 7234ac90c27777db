// The learner's list of downloads on this device, and freeing them (one item, a chapter, a
// course, or everything).
import { type DownloadRow, db } from '@/lib/offline/db';
import { useLiveQuery } from '@/lib/offline/live';
import { DOWNLOADS_CACHE } from '@/lib/offline/media-keys';

/** Removes the cache entries no other row still uses, then the rows. */
async function removeRows(rows: readonly DownloadRow[]): Promise<void> {
  if (!rows.length) return;
  if ('caches' in globalThis) {
    const going = new Set(rows.map((r) => r.key));
    const cache = await caches.open(DOWNLOADS_CACHE);
    for (const row of rows) {
      if (row.kind === 'record') continue;
      const cacheKey = row.key.slice(row.key.indexOf('|') + 1);
      const stillUsed = await db.downloads.filter((r) => !going.has(r.key) && r.key.endsWith(`|${cacheKey}`)).count();
      if (!stillUsed) await cache.delete(cacheKey);
    }
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
    await removeRows(await db.downloads.where('userId').equals(userId).toArray());
    return;
  }
  await db.downloads.clear();
  if ('caches' in globalThis) await caches.delete(DOWNLOADS_CACHE);
}

/** Live list of a user's downloads (newest first). */
export function useDownloads(userId: string): DownloadRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.downloads.where('userId').equals(userId).toArray();
    return rows.sort((a, b) => b.createdAt - a.createdAt || a.title.localeCompare(b.title));
  }, [userId]);
}
