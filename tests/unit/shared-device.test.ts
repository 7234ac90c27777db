// Two learners on one tablet. Everything a learner keeps on the device (the course mirror,
// progress, downloads and their copies, the compendium) is theirs alone: another account
// signing in and out, any number of times, leaves it, and both still study offline afterwards.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCompendium, storedCompendium } from '@/features/course/api/compendium';
import { chapterQueryOptions, enrollmentQueryOptions, myEnrollmentsQueryOptions } from '@/features/course/api/course';
import { downloadForOffline } from '@/features/course/api/download-course';
import { type DownloadableChapter, offlineVideoUrl } from '@/features/course/api/offline-copies';
import { db } from '@/lib/offline/db';
import { clearUserData } from '@/lib/offline/user-data';
import { memoryCacheStorage } from '../support/memory-caches';

vi.mock('@/lib/pocketbase/client', () => import('../support/file-token-client'));
vi.mock('@/lib/pocketbase/session', () => ({
  OWN_DATA_KEY: ['me'],
  sessionLive: () => true,
  requireLiveSession: () => {},
  SessionExpiredError: class SessionExpiredError extends Error {},
}));
vi.mock('workbox-routing', () => ({ registerRoute: vi.fn() }));
const { registerRoute } = await import('workbox-routing');
const { registerOfflineMediaRoutes } = await import('../../src/sw/offline-media');

const COURSE = 'course1';
const chapter2: DownloadableChapter = {
  id: 'ch2',
  collectionId: 'pbc_modules',
  collectionName: 'course_modules',
  course_id: COURSE,
  title: 'Chapter 2',
  video: 'ch2_video.mp4',
  content: 'The text of chapter 2',
};
const compendium = {
  id: 'cmp1',
  collectionId: 'pbc_compendium',
  collectionName: 'course_compendium',
  course_id: COURSE,
  file: 'compendium.pdf',
};
const enrolment = (userId: string) => ({ id: `e-${userId}`, user_id: userId, course_id: COURSE }) as never;

let storage: ReturnType<typeof memoryCacheStorage>;

beforeEach(async () => {
  storage = memoryCacheStorage();
  vi.stubGlobal('caches', storage);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const pdf = url.includes('compendium');
      const body = new Uint8Array(pdf ? 500 : 4_000).fill(pdf ? 1 : 7);
      const headers = { 'content-type': pdf ? 'application/pdf' : 'video/mp4', 'content-length': String(body.length) };
      return new Response(init?.method === 'HEAD' ? null : body, { headers });
    }),
  );
  await Promise.all(db.tables.map((t) => t.clear()));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A learner studies on the tablet: enrolled, chapter 2 read and downloaded, compendium saved, a task ticked. */
async function study(userId: string) {
  await enrollmentQueryOptions(userId, COURSE).mirror.write(enrolment(userId));
  await myEnrollmentsQueryOptions(userId).mirror.write([enrolment(userId)]);
  await chapterQueryOptions(userId, chapter2.id).mirror.write(chapter2 as never);
  await downloadForOffline({ userId, courseId: COURSE, chapters: [chapter2] });
  await saveCompendium(userId, compendium as never);
  await db.task_progress.put({
    id: `t-${userId}`,
    user_id: userId,
    course_id: COURSE,
    chapter_id: chapter2.id,
    task_identifier: 'TASK_01',
    task_title: 'Hands',
    completed: true,
    completed_at: 1,
    client_updated_at: 1,
  });
}

/** What the learner finds on the tablet, offline. */
async function offline(userId: string) {
  const serve = (() => {
    vi.mocked(registerRoute).mockClear();
    registerOfflineMediaRoutes();
    return (vi.mocked(registerRoute).mock.calls[0] as unknown as [unknown, (c: unknown) => Promise<Response>])[1];
  })();
  // the page tells the service worker who is signed in (lib/offline/device-user.ts)
  await (await storage.open('atelier-session')).put('/__atelier/session', new Response(userId));
  const videoKey = await offlineVideoUrl(userId, chapter2);
  const video = videoKey
    ? await serve({ request: new Request(`http://app.test${videoKey}`), url: new URL(`http://app.test${videoKey}`) })
    : null;
  const rows = await db.downloads.where('userId').equals(userId).toArray();
  const compendiumRow = rows.find((r) => r.title === 'Compendium');
  return {
    enrolled: ((await enrollmentQueryOptions(userId, COURSE).mirror.read()) as { user_id?: string } | null)?.user_id,
    courses: ((await myEnrollmentsQueryOptions(userId).mirror.read()) ?? []).length,
    chapterText: ((await chapterQueryOptions(userId, chapter2.id).mirror.read()) as { content?: string } | null)
      ?.content,
    video: video ? { status: video.status, bytes: (await video.arrayBuffer()).byteLength } : null,
    downloads: rows.map((r) => r.kind).sort(),
    compendiumBytes: compendiumRow ? ((await storedCompendium(compendiumRow))?.size ?? 0) : 0,
    ticks: await db.task_progress.where('[user_id+course_id]').equals([userId, COURSE]).count(),
  };
}

const everything = (userId: string) => ({
  enrolled: userId,
  courses: 1,
  chapterText: 'The text of chapter 2',
  video: { status: 200, bytes: 4_000 },
  downloads: ['file', 'record', 'video'],
  compendiumBytes: 500,
  ticks: 1,
});
const nothing = {
  enrolled: undefined,
  courses: 0,
  chapterText: undefined,
  video: null,
  downloads: [],
  compendiumBytes: 0,
  ticks: 0,
};

describe('two learners on one device', () => {
  it("another account signing in and out leaves this learner's offline course, and both study offline", async () => {
    await study('ana');
    await study('bo');
    // other accounts come and go on the tablet
    for (const visitor of ['cy', 'dee', 'cy']) {
      await study(visitor);
      await clearUserData(visitor);
    }
    expect(await offline('ana')).toEqual(everything('ana'));
    expect(await offline('bo')).toEqual(everything('bo'));
    expect(await offline('cy')).toEqual(nothing);

    // Bo signs out: Ana still has all of hers, offline
    await clearUserData('bo');
    expect(await offline('bo')).toEqual(nothing);
    expect(await offline('ana')).toEqual(everything('ana'));

    await clearUserData('ana');
    expect(await offline('ana')).toEqual(nothing);
    // nothing of any learner is left on the device
    expect([...storage.stores.keys()].filter((name) => name.startsWith('atelier-learner'))).toEqual([]);
    expect(await db.downloads.count()).toBe(0);
  });
});
