// Offline course downloads: a chapter (video, text, tasks) or a whole course (plus its
// protected compendium PDF) stored on this device for the signed-in learner. Files go to the
// learner's own cache in Cache Storage (lib/offline/user-data.ts) under keys not tied to the
// file token (lib/offline/media-keys.ts), and the service
// worker (src/sw/offline-media.ts) serves them with Range support. Each stored item gets a
// Dexie `downloads` row (offline-copies.ts); chapter texts and tasks also go into the course
// mirror, so the chapter viewer's own queries answer offline.
import { type DownloadRow, db } from '@/lib/offline/db';
import { offlineMediaKey } from '@/lib/offline/media-keys';
import { requestPersistentStorage, storageInfo } from '@/lib/offline/storage';
import { openUserCache } from '@/lib/offline/user-data';
import { pb } from '@/lib/pocketbase/client';
import type { CourseModulesRecord, CourseTasksRecord } from '@/lib/pocketbase/types.gen';
import { type CompendiumFile, COMPENDIUM_TITLE, compendiumCacheKey, compendiumUrl } from './compendium';
import { chapterMirror, tasksMirror } from './course';
import { chapterRecordKey, type DownloadableChapter, rowKey } from './offline-copies';
import { resumableBody } from './resumable-body';

export interface DownloadProgress {
  loaded: number;
  total: number;
  /** 0..1, or null while the total is unknown */
  fraction: number | null;
  /** What is being fetched now. */
  current: string;
}

interface PlannedFile {
  cacheKey: string;
  /** URL fetched (with a fresh file token for protected files). */
  url: string;
  kind: 'video' | 'file';
  title: string;
  chapterId: string;
  bytes: number;
}

async function fileToken(): Promise<string> {
  return pb.files.getToken();
}

function videoRef(chapter: DownloadableChapter) {
  return { collection: chapter.collectionId || chapter.collectionName, recordId: chapter.id, filename: chapter.video };
}

/** The tokenized file URL of a chapter video. */
function videoUrl(chapter: DownloadableChapter, token: string): string {
  return pb.files.getURL(
    { id: chapter.id, collectionId: chapter.collectionId, collectionName: chapter.collectionName },
    chapter.video,
    { token },
  );
}

/** Size in bytes from a HEAD request (PocketBase serves files with http.ServeContent). */
async function headSize(url: string, signal?: AbortSignal): Promise<number> {
  const res = await fetch(url, { method: 'HEAD', signal, cache: 'no-store' });
  if (!res.ok) throw new Error(`Could not check the size (${res.status}).`);
  return Number(res.headers.get('content-length') ?? 0) || 0;
}

async function planChapters(chapters: readonly DownloadableChapter[], signal?: AbortSignal): Promise<PlannedFile[]> {
  const withVideo = chapters.filter((c) => c.video);
  if (!withVideo.length) return [];
  const token = await fileToken();
  return Promise.all(
    withVideo.map(async (c) => {
      const url = videoUrl(c, token);
      return {
        cacheKey: offlineMediaKey(videoRef(c)),
        url,
        kind: 'video' as const,
        title: c.title,
        chapterId: c.id,
        bytes: await headSize(url, signal),
      };
    }),
  );
}

export interface DownloadEstimate {
  bytes: number;
  files: number;
  /** Free space the browser reports for this site (quota − usage), or null when unknown. */
  available: number | null;
}

async function planCompendium(file: CompendiumFile, signal?: AbortSignal): Promise<PlannedFile> {
  const url = await compendiumUrl(file);
  return {
    cacheKey: compendiumCacheKey(file),
    url,
    kind: 'file',
    title: COMPENDIUM_TITLE,
    chapterId: '',
    bytes: await headSize(url, signal).catch(() => 0),
  };
}

/** Size first: what downloading these chapters (and the compendium) would store. */
export async function estimateDownload(
  chapters: readonly DownloadableChapter[],
  opts: { compendium?: CompendiumFile | null; signal?: AbortSignal } = {},
): Promise<DownloadEstimate> {
  const plan = await planChapters(chapters, opts.signal);
  if (opts.compendium) plan.push(await planCompendium(opts.compendium, opts.signal));
  const bytes = plan.reduce((n, f) => n + f.bytes, 0);
  const storage = await storageInfo();
  const available = storage.quota != null && storage.usage != null ? Math.max(0, storage.quota - storage.usage) : null;
  return { bytes, files: plan.length, available };
}

/** Streams one file into the cache, counting bytes as they arrive (never whole in memory). */
async function storeFile(
  cache: Cache,
  file: PlannedFile,
  onBytes: (n: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  const res = await fetch(file.url, { signal, cache: 'no-store' });
  if (!res.ok || !res.body) throw new Error(`Download of "${file.title}" failed (${res.status}).`);
  // The SPA fallback answers a missing static file with index.html (200): not a download.
  if (file.kind === 'file' && (res.headers.get('content-type') ?? '').includes('text/html')) {
    await res.body.cancel();
    return -1;
  }
  let stored = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      stored += chunk.byteLength;
      onBytes(chunk.byteLength);
      controller.enqueue(chunk);
    },
  });
  const headers = new Headers();
  headers.set('Content-Type', res.headers.get('content-type') ?? 'application/octet-stream');
  const length = res.headers.get('content-length');
  if (length) headers.set('Content-Length', length);
  headers.set('X-Atelier-Downloaded-At', new Date().toISOString());
  // a long download cut off by the server or the line continues from where it stopped
  const body = resumableBody(res, {
    total: length ? Number(length) : null,
    refetch: (from) => fetch(file.url, { signal, cache: 'no-store', headers: { Range: `bytes=${from}-` } }),
    signal,
  });
  await cache.put(file.cacheKey, new Response(body.pipeThrough(counter), { status: 200, headers }));
  return stored;
}

export interface DownloadOptions {
  userId: string;
  courseId: string;
  chapters: readonly DownloadableChapter[];
  /** Tasks per chapter id (course_tasks records), stored with the chapter text. */
  tasksByChapter?: Readonly<Record<string, readonly unknown[]>>;
  /** The course's compendium (course downloads). */
  compendium?: CompendiumFile | null;
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Downloads chapters (one for "this chapter", all for "the whole course"): videos into
 * Cache Storage, texts and tasks as record rows and into the course mirror,
 * the compendium PDF. Asks for persistent storage first. Resolves with the stored rows.
 */
export async function downloadForOffline(opts: DownloadOptions): Promise<DownloadRow[]> {
  const { userId, courseId, chapters, signal } = opts;
  if (!userId) throw new Error('Sign in to download the course.');
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new Error('You are offline. Downloads need a connection.');
  void requestPersistentStorage();
  const plan = await planChapters(chapters, signal);
  if (opts.compendium) plan.push(await planCompendium(opts.compendium, signal));
  const total = plan.reduce((n, f) => n + f.bytes, 0);
  let loaded = 0;
  const report = (current: string) =>
    opts.onProgress?.({ loaded, total, fraction: total > 0 ? Math.min(1, loaded / total) : null, current });
  // the learner's own cache: another account on the device neither sees nor removes it
  const cache = await openUserCache(userId);
  const rows: DownloadRow[] = [];
  const now = Date.now();

  for (const file of plan) {
    report(file.title);
    let bytes: number;
    try {
      bytes = await storeFile(
        cache,
        file,
        (n) => {
          loaded += n;
          report(file.title);
        },
        signal,
      );
    } catch (err) {
      if (isQuotaError(err)) throw new StorageFullError();
      throw err;
    }
    if (bytes < 0) continue;
    const row: DownloadRow = {
      key: rowKey(userId, file.cacheKey),
      userId,
      courseId,
      chapterId: file.chapterId,
      kind: file.kind,
      title: file.title,
      bytes,
      createdAt: now,
    };
    // Recorded file by file: a course download cut off half-way keeps (and lists) what it stored.
    await db.downloads.put(row);
    rows.push(row);
  }
  for (const chapter of chapters) {
    const tasks = opts.tasksByChapter?.[chapter.id] ?? [];
    const record = { chapter, tasks };
    const bytes = new Blob([JSON.stringify(record)]).size;
    rows.push({
      key: rowKey(userId, chapterRecordKey(chapter.id)),
      userId,
      courseId,
      chapterId: chapter.id,
      kind: 'record',
      title: chapter.title,
      bytes,
      createdAt: now,
      record,
    });
    await mirrorDownloadedChapter(userId, chapter, tasks);
  }
  await db.downloads.bulkPut(rows);
  report('');
  return rows;
}

/** The device ran out of storage for the site: storage advice, not a network problem. */
export class StorageFullError extends Error {
  constructor() {
    super('Not enough free storage on this device for this download. Remove other downloads or free some space.');
    this.name = 'StorageFullError';
  }
}

function isQuotaError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: string }).name === 'QuotaExceededError';
}

/** Puts a downloaded chapter and its tasks into the course mirror the viewer's queries read. */
export async function mirrorDownloadedChapter(
  userId: string,
  chapter: DownloadableChapter,
  tasks: readonly unknown[],
): Promise<void> {
  await chapterMirror(userId, chapter.id).write(chapter as unknown as CourseModulesRecord);
  const mirror = tasksMirror(chapter.course_id);
  const known = (await mirror.read()) ?? [];
  const mine = tasks as CourseTasksRecord[];
  const ids = new Set(mine.map((t) => t.id));
  // Add to (never shrink) the course's task list: other chapters' tasks stay.
  const merged = [...known.filter((t) => !ids.has(t.id)), ...mine].sort((a, b) => a.sort_order - b.sort_order);
  await mirror.write(merged);
}
