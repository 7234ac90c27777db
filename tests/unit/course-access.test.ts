// A refunded course leaves the learner's device at the next sync (features/course/api/course-access.ts):
// once the server says the learner may no longer read the course, its downloaded videos, the
// compendium, the chapter snapshots and mirrored chapter texts go from the device; progress
// stays. Another course, another account, and an answer without a live session keep theirs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCompendium } from '@/features/course/api/compendium';
import { chapterQueryOptions, enrollmentQueryOptions, myEnrollmentsQueryOptions } from '@/features/course/api/course';
import { checkCourseAccess, finishForgetting } from '@/features/course/api/course-access';
import { downloadForOffline } from '@/features/course/api/download-course';
import { downloadableCoursesQueryOptions } from '@/features/course/api/downloadable-courses';
import { copyKeyOf } from '@/features/course/api/manage-downloads';
import { type DownloadableChapter, offlineChapterData, offlineVideoUrl } from '@/features/course/api/offline-copies';
import { db } from '@/lib/offline/db';
import { matchUserFile } from '@/lib/offline/user-data';
import { memoryCacheStorage } from '../support/memory-caches';

/** What the server says now: the chapters each account may read, and who is signed in. */
const server = vi.hoisted(() => ({
  readable: new Map<string, { id: string; course_id: string }[]>(),
  enrolled: new Map<string, string[]>(),
  user: { id: '', role: 'learner' },
  live: true,
}));

vi.mock('@/lib/pocketbase/client', async () => {
  const base = await import('../support/file-token-client');
  return {
    pb: {
      ...base.pb,
      filter: (f: string, params: Record<string, string>) => f.replace(/\{:(\w+)\}/g, (_, k) => `"${params[k]}"`),
      collection: (name: string) => ({
        getFullList: async () =>
          name === 'course_modules'
            ? (server.readable.get(server.user.id) ?? []).map((c) => ({ ...c, collectionId: 'pbc_modules' }))
            : [],
        getList: async (_p: number, _n: number, opts: { filter: string }) => {
          const course = /course_id = "([^"]+)"/.exec(opts.filter)?.[1] ?? '';
          const mine = server.enrolled.get(server.user.id) ?? [];
          return {
            items: mine.includes(course) ? [{ id: `e-${course}`, user_id: server.user.id, course_id: course }] : [],
          };
        },
      }),
    },
  };
});
vi.mock('@/lib/pocketbase/session', () => {
  class SessionExpiredError extends Error {}
  return {
    OWN_DATA_KEY: ['me'],
    sessionLive: () => server.live,
    sessionUserId: () => (server.live ? server.user.id : null),
    currentUser: () => server.user,
    requireLiveSession: () => {
      if (!server.live) throw new SessionExpiredError();
    },
    SessionExpiredError,
  };
});

const chapterOf = (course: string, n: number): DownloadableChapter => ({
  id: `${course}-ch${n}`,
  collectionId: 'pbc_modules',
  collectionName: 'course_modules',
  course_id: course,
  title: `Chapter ${n} of ${course}`,
  video: `${course}_${n}.mp4`,
  content: `The text of chapter ${n}`,
});
const A = [chapterOf('whisper', 1), chapterOf('whisper', 2)];
const B = [chapterOf('light', 1)];

beforeEach(async () => {
  vi.stubGlobal('caches', memoryCacheStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = new Uint8Array(url.includes('compendium') ? 300 : 2_000).fill(3);
      return new Response(init?.method === 'HEAD' ? null : body, {
        headers: { 'content-length': String(body.length), 'content-type': 'video/mp4' },
      });
    }),
  );
  await Promise.all(db.tables.map((t) => t.clear()));
  server.readable.clear();
  server.enrolled.clear();
  server.live = true;
});
afterEach(() => vi.unstubAllGlobals());

/** The learner keeps a course on this device: enrolled, chapters read and downloaded, compendium saved, a tick. */
async function keepCourse(userId: string, course: string, chapters: DownloadableChapter[]) {
  server.user = { id: userId, role: 'learner' };
  server.readable.set(userId, [...(server.readable.get(userId) ?? []), ...chapters]);
  server.enrolled.set(userId, [...(server.enrolled.get(userId) ?? []), course]);
  await enrollmentQueryOptions(userId, course).mirror.write({
    id: `e-${course}`,
    user_id: userId,
    course_id: course,
  } as never);
  await myEnrollmentsQueryOptions(userId).mirror.write(
    ((await myEnrollmentsQueryOptions(userId).mirror.read()) ?? []).concat({
      id: `e-${course}`,
      course_id: course,
    } as never),
  );
  for (const c of chapters) await chapterQueryOptions(userId, c.id).mirror.write(c as never);
  await downloadForOffline({ userId, courseId: course, chapters });
  await saveCompendium(userId, {
    id: `cmp-${course}`,
    collectionId: 'pbc_cmp',
    course_id: course,
    file: 'c.pdf',
  } as never);
  await db.chapter_progress.put({
    id: `p-${userId}-${course}`,
    user_id: userId,
    course_id: course,
    chapter_id: chapters[0]!.id,
    visited: true,
    last_visited_at: 1,
    position_seconds: 42,
    position_at: 1,
    completed: true,
    completed_at: 1,
    client_updated_at: 1,
  });
}

/** What the device holds of one course for one account. */
async function onDevice(userId: string, course: string, chapters: DownloadableChapter[]) {
  const files = [];
  for (const row of await db.downloads.where('[userId+courseId]').equals([userId, course]).toArray())
    if (copyKeyOf(row) && (await matchUserFile(userId, copyKeyOf(row)))) files.push(row.kind);
  const texts = [];
  for (const c of chapters) {
    const t = (await chapterQueryOptions(userId, c.id).mirror.read()) as { content?: string } | null | undefined;
    if (t?.content) texts.push(t.content);
    if (await offlineChapterData(userId, c.id)) texts.push('snapshot');
  }
  const videos = [];
  for (const c of chapters) if (await offlineVideoUrl(userId, c)) videos.push(c.id);
  return {
    enrolled: !!(await enrollmentQueryOptions(userId, course).mirror.read()),
    listed: ((await myEnrollmentsQueryOptions(userId).mirror.read()) ?? []).some(
      (e) => (e as { course_id: string }).course_id === course,
    ),
    files: files.sort(),
    videos,
    texts: texts.length,
    progress: await db.chapter_progress.where('[user_id+course_id]').equals([userId, course]).count(),
  };
}

/** The start-up check, on a page that goes away (navigated, closed) as the first cached copy is deleted. */
async function checkWithPageGone(userId: string) {
  const storage = caches as unknown as ReturnType<typeof memoryCacheStorage>;
  const open = storage.open;
  storage.open = async () => {
    throw new Error('the page is gone');
  };
  try {
    await expect(checkCourseAccess(userId)).rejects.toThrow('the page is gone');
  } finally {
    storage.open = open;
  }
}

const kept = (chapters: DownloadableChapter[]) => ({
  enrolled: true,
  listed: true,
  files: ['file', ...chapters.map(() => 'video')].sort(),
  videos: chapters.map((c) => c.id),
  texts: chapters.length * 2,
  progress: 1,
});
const forgotten = { enrolled: false, listed: false, files: [], videos: [], texts: 0, progress: 1 };

describe('a refunded course leaves the device at the next sync', () => {
  it('the start-up check removes the refunded course only: videos, compendium, texts; progress stays', async () => {
    await keepCourse('ana', 'whisper', A);
    await keepCourse('ana', 'light', B);
    expect(await onDevice('ana', 'whisper', A)).toEqual(kept(A));
    // the refund: the server ends the enrolment in one course
    server.readable.set('ana', B);
    server.enrolled.set('ana', ['light']);
    expect(await checkCourseAccess('ana')).toEqual(['whisper']);
    expect(await onDevice('ana', 'whisper', A)).toEqual(forgotten);
    expect(await onDevice('ana', 'light', B)).toEqual(kept(B));
    // nothing left to check: no request, nothing removed
    expect(await checkCourseAccess('ana')).toEqual([]);
  });

  it('the enrolment read while studying online removes it too, and so does the downloads page', async () => {
    await keepCourse('ana', 'whisper', A);
    server.enrolled.set('ana', []);
    expect(await enrollmentQueryOptions('ana', 'whisper').queryFn!({} as never)).toBeNull();
    expect(await onDevice('ana', 'whisper', A)).toEqual(forgotten);

    await keepCourse('bo', 'light', B);
    server.readable.set('bo', []);
    expect(await downloadableCoursesQueryOptions('bo').queryFn!({} as never)).toEqual([]);
    expect(await onDevice('bo', 'light', B)).toEqual(forgotten);
  });

  it("the downloads page's copy on the device answers without a session and loses a refunded course", async () => {
    await keepCourse('ana', 'whisper', A);
    await keepCourse('ana', 'light', B);
    const list = downloadableCoursesQueryOptions('ana');
    const titles = (courses: { id: string }[] | undefined) => (courses ?? []).map((c) => c.id).sort();
    expect(titles(await list.queryFn!({} as never))).toEqual(['light', 'whisper']);
    // the session has ended (or the train has no signal): the device's copy answers
    server.live = false;
    expect(titles(await list.queryFn!({} as never))).toEqual(['light', 'whisper']);
    server.live = true;
    server.readable.set('ana', B);
    server.enrolled.set('ana', ['light']);
    expect(await checkCourseAccess('ana')).toEqual(['whisper']);
    expect(titles(await list.mirror.read())).toEqual(['light']);
    // a device that kept only the list (the app filled it on start) is checked too
    server.user = { id: 'cy', role: 'learner' };
    await downloadableCoursesQueryOptions('cy').mirror.write([{ id: 'whisper', title: 'W', chapters: A }]);
    expect(await checkCourseAccess('cy')).toEqual(['whisper']);
    expect(await downloadableCoursesQueryOptions('cy').mirror.read()).toEqual([]);
  });

  it('a page gone mid-way leaves nothing of the course to read; the next start deletes its copies, offline too', async () => {
    await keepCourse('ana', 'whisper', A);
    await keepCourse('ana', 'light', B);
    const copies = (await db.downloads.where('[userId+courseId]').equals(['ana', 'whisper']).toArray())
      .map(copyKeyOf)
      .filter(Boolean);
    expect(copies).toHaveLength(A.length + 1);
    server.readable.set('ana', B);
    server.enrolled.set('ana', ['light']);
    await checkWithPageGone('ana');
    expect(await onDevice('ana', 'whisper', A)).toEqual(forgotten);
    for (const copy of copies) expect(await matchUserFile('ana', copy)).toBeDefined();
    // the next start, with no connection: the copies go, the other course stays
    server.live = false;
    await finishForgetting('ana');
    for (const copy of copies) expect(await matchUserFile('ana', copy)).toBeUndefined();
    expect(await onDevice('ana', 'light', B)).toEqual(kept(B));
  });

  it('a course bought and downloaded again before the next start keeps its new copies', async () => {
    await keepCourse('ana', 'whisper', A);
    server.readable.set('ana', []);
    server.enrolled.set('ana', []);
    await checkWithPageGone('ana');
    await keepCourse('ana', 'whisper', A);
    await finishForgetting('ana');
    expect(await onDevice('ana', 'whisper', A)).toEqual(kept(A));
  });

  it('nothing goes without a live session, for another account, or for an admin who reads without an enrolment', async () => {
    await keepCourse('ana', 'whisper', A);
    server.readable.set('ana', []);
    server.enrolled.set('ana', []);
    // expired session: an empty guest answer must not wipe the course
    server.live = false;
    await expect(checkCourseAccess('ana')).rejects.toThrow();
    expect(await onDevice('ana', 'whisper', A)).toEqual(kept(A));
    server.live = true;
    // another account is signed in on the device now
    await keepCourse('bo', 'light', B);
    expect(await checkCourseAccess('ana')).toEqual([]);
    expect(await onDevice('ana', 'whisper', A)).toEqual(kept(A));
    // an admin with no enrolment who may read every chapter keeps her copies
    server.user = { id: 'ana', role: 'admin' };
    server.readable.set('ana', A);
    expect(await enrollmentQueryOptions('ana', 'whisper').queryFn!({} as never)).toBeNull();
    expect(await checkCourseAccess('ana')).toEqual([]);
    expect(await onDevice('ana', 'whisper', A).then((d) => d.files)).toEqual(kept(A).files);
  });
});
