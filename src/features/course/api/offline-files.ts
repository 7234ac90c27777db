// A file a learner keeps for offline use (the compendium; a certificate): fetched once, kept
// in the learner's own cache (lib/offline/user-data.ts) with a `downloads` row, so it is
// listed on /downloads, opens offline, and goes with the learner's other data on sign-out
// (and with no one else's).
import { type DownloadRow, db } from '@/lib/offline/db';
import { matchUserFile, putUserFile } from '@/lib/offline/user-data';
import { rowKey } from './offline-copies';

export interface OfflineFile {
  /** Where the copy lives: a same-origin path (`offlineMediaKey` for record files). */
  key: string;
  courseId: string;
  /** Empty for course-wide files. */
  chapterId?: string;
  /** As listed on /downloads. */
  title: string;
  type: string;
  /** Fetches the file (e.g. with a fresh file token); only asked when there is no copy yet. */
  url(): Promise<string>;
}

/** The learner's copy of the file, stored on the first call (needs a connection then). */
export async function saveFileForOffline(userId: string, file: OfflineFile): Promise<Blob> {
  const copy = await matchUserFile(userId, file.key);
  if (copy) {
    // a copy without its row (e.g. a refunded course's, bought again before it was deleted) is listed again
    const blob = await copy.blob();
    if (!(await db.downloads.get(rowKey(userId, file.key)))) await putRow(userId, file, blob.size);
    return blob;
  }
  const res = await fetch(await file.url(), { cache: 'no-store' });
  if (!res.ok) throw new Error(`${file.title} could not be downloaded (${res.status}).`);
  const blob = await res.blob();
  const headers = new Headers({ 'Content-Type': file.type, 'Content-Length': String(blob.size) });
  await putUserFile(userId, file.key, new Response(blob, { status: 200, headers }));
  await putRow(userId, file, blob.size);
  return blob;
}

function putRow(userId: string, file: OfflineFile, bytes: number) {
  return db.downloads.put({
    key: rowKey(userId, file.key),
    userId,
    courseId: file.courseId,
    chapterId: file.chapterId ?? '',
    kind: 'file',
    title: file.title,
    bytes,
    createdAt: Date.now(),
  });
}

/** The copy a downloads row names, or null when it is gone (storage evicted). */
export async function storedFile(row: Pick<DownloadRow, 'key' | 'userId'>): Promise<Blob | null> {
  const copy = await matchUserFile(row.userId, row.key.slice(row.key.indexOf('|') + 1));
  return copy ? copy.blob() : null;
}
