// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/offline/db';
import { type DownloadProgress, downloadForOffline, estimateDownload } from '@/features/course/api/download-course';
import { clearDownloads, removeChapterDownload } from '@/features/course/api/manage-downloads';
import { type DownloadableChapter, offlineChapterData, offlineVideoUrl } from '@/features/course/api/offline-copies';
import { resolveVideoSource } from '@/features/course/api/video-source';
import { formatBytes } from '@/features/course/model/bytes';
import { userCacheName } from '@/lib/offline/media-keys';
import { memoryCacheStorage } from '../support/memory-caches';

vi.mock('@/lib/pocketbase/client', () => import('../support/file-token-client'));

// the learner's session is live in these tests
vi.mock('@/lib/pocketbase/session', () => ({
  sessionLive: () => true,
  requireLiveSession: () => {},
  SessionExpiredError: class SessionExpiredError extends Error {},
}));

let cacheStorage = memoryCacheStorage();
let stores = cacheStorage.stores;

const VIDEO = new Uint8Array(300_000).fill(7);
const requests: string[] = [];

function chapter(id: string, video = `${id}_video.mp4`): DownloadableChapter {
  return {
    id,
    collectionId: 'pbc_modules',
    collectionName: 'course_modules',
    course_id: 'course1',
    title: `Chapter ${id}`,
    video,
    content: `Text of ${id}`,
  };
}

beforeEach(async () => {
  cacheStorage = memoryCacheStorage();
  stores = cacheStorage.stores;
  requests.length = 0;
  vi.stubGlobal('caches', cacheStorage);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      const headers = { 'content-type': 'video/mp4', 'content-length': String(VIDEO.byteLength) };
      if (init?.method === 'HEAD') return new Response(null, { headers });
      // arrives in chunks, like a real body
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < VIDEO.byteLength; i += 100_000) c.enqueue(VIDEO.slice(i, i + 100_000));
          c.close();
        },
      });
      return new Response(stream, { headers });
    }),
  );
  await db.downloads.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offline downloads', () => {
  it('check the size first with a HEAD request per video', async () => {
    const estimate = await estimateDownload([chapter('a'), chapter('b'), chapter('c', '')]);
    expect(estimate).toMatchObject({ bytes: 600_000, files: 2 });
    expect(requests.every((r) => r.startsWith('HEAD '))).toBe(true);
  });

  it('store a chapter video under a key without the token, owned by the user, with progress', async () => {
    const progress: DownloadProgress[] = [];
    const rows = await downloadForOffline({
      userId: 'u1',
      courseId: 'course1',
      chapters: [chapter('a')],
      tasksByChapter: {
        a: [{ id: 'task1', course_id: 'course1', chapter_id: 'a', task_identifier: 'TASK_01', sort_order: 1 }],
      },
      onProgress: (p) => progress.push(p),
    });
    expect(requests).toContain('GET /api/files/pbc_modules/a/a_video.mp4?token=file-token');
    // in the learner's own cache
    const cache = stores.get(userCacheName('u1'))!;
    expect([...cache.entries.keys()]).toEqual(['/offline-media/pbc_modules/a/a_video.mp4']);
    const stored = await cache.match('/offline-media/pbc_modules/a/a_video.mp4');
    expect((await stored!.arrayBuffer()).byteLength).toBe(300_000);
    expect(progress.at(-1)).toMatchObject({ loaded: 300_000, total: 300_000, fraction: 1 });
    expect(progress.some((p) => p.fraction !== null && p.fraction > 0 && p.fraction < 1)).toBe(true);
    expect(rows.map((r) => r.kind).sort()).toEqual(['record', 'video']);
    expect(await offlineVideoUrl('u1', chapter('a'))).toBe('/offline-media/pbc_modules/a/a_video.mp4');
    expect(await offlineVideoUrl('u2', chapter('a'))).toBeNull();
    expect(await offlineChapterData('u1', 'a')).toMatchObject({
      chapter: { content: 'Text of a' },
      tasks: [{ task_identifier: 'TASK_01' }],
    });
  });

  it('say so offline instead of trying', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(downloadForOffline({ userId: 'u1', courseId: 'course1', chapters: [chapter('a')] })).rejects.toThrow(
      /offline/,
    );
    vi.restoreAllMocks();
  });

  it("clearDownloads(user) frees that user's copies and rows, and keeps another user's copy of the same file", async () => {
    await downloadForOffline({ userId: 'u1', courseId: 'course1', chapters: [chapter('a'), chapter('b')] });
    await downloadForOffline({ userId: 'u2', courseId: 'course1', chapters: [chapter('b')] });
    await clearDownloads('u1');
    expect(await db.downloads.where('userId').equals('u1').count()).toBe(0);
    expect(stores.has(userCacheName('u1'))).toBe(false);
    expect([...stores.get(userCacheName('u2'))!.entries.keys()]).toEqual(['/offline-media/pbc_modules/b/b_video.mp4']);
    expect(await offlineVideoUrl('u2', chapter('b'))).not.toBeNull();
    await removeChapterDownload('u2', 'b');
    expect(stores.get(userCacheName('u2'))!.entries.size).toBe(0);
  });

  it('clearDownloads() with no user empties the device', async () => {
    await downloadForOffline({ userId: 'u1', courseId: 'course1', chapters: [chapter('a')] });
    await clearDownloads();
    expect(await db.downloads.count()).toBe(0);
    expect(await cacheStorage.has(userCacheName('u1'))).toBe(false);
  });

  it('an offline copy that the browser evicted is not offered', async () => {
    await downloadForOffline({ userId: 'u1', courseId: 'course1', chapters: [chapter('a')] });
    await cacheStorage.delete(userCacheName('u1'));
    expect(await offlineVideoUrl('u1', chapter('a'))).toBeNull();
  });

  it('the chapter viewer plays the downloaded copy, else the protected URL with a file token', async () => {
    expect(await resolveVideoSource('u1', chapter('a'))).toEqual({
      src: '/api/files/pbc_modules/a/a_video.mp4?token=file-token',
      offline: false,
    });
    await downloadForOffline({ userId: 'u1', courseId: 'course1', chapters: [chapter('a')] });
    expect(await resolveVideoSource('u1', chapter('a'))).toEqual({
      src: '/offline-media/pbc_modules/a/a_video.mp4',
      offline: true,
    });
    // a replaced video has a new file name: not the old copy
    expect((await resolveVideoSource('u1', chapter('a', 'a_new.mp4')))?.offline).toBe(false);
    expect(await resolveVideoSource('u1', chapter('b', ''))).toBeNull();
  });

  it('a course download cut off half-way keeps and lists what it already stored', async () => {
    const real = globalThis.fetch as unknown as (url: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.includes('/b/') && (init?.method ?? 'GET') === 'GET') throw new TypeError('Failed to fetch');
      return real(url, init);
    });
    await expect(
      downloadForOffline({ userId: 'u1', courseId: 'course1', chapters: [chapter('a'), chapter('b')] }),
    ).rejects.toThrow('Failed to fetch');
    const rows = await db.downloads.where('userId').equals('u1').toArray();
    expect(rows.map((r) => `${r.kind}:${r.chapterId}`)).toEqual(['video:a']);
    expect([...stores.get(userCacheName('u1'))!.entries.keys()]).toEqual(['/offline-media/pbc_modules/a/a_video.mp4']);
  });

  it('format sizes for people', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
  });
});
