import type { Page } from '@playwright/test';
import { expect, onlyInProject, test } from './fixtures';
import { createSession, signIn } from './accounts';
import { COURSE_SLUG, chapters, courseBySlug, enroll, openChapterRow, recordTestVideo } from './chapter-support';
import { hasLearnerFiles, learnerCacheKeys, waitForServiceWorker } from './support';

// The admin area and the course together: the admin's upload plays in the chapter viewer, a downloaded
// chapter plays and seeks offline while progress queues, and sign-out empties the device.
// One chapter is free for this (index 4: the others belong to course.spec.ts,
// admin-videos.spec.ts and offline-downloads.spec.ts), so only the desktop project runs it,
// and its tests run in order.
test.describe.configure({ mode: 'serial' });
test.beforeEach(() => onlyInProject('desktop', 'one free chapter, so one project'));
const CHAPTER_INDEX = 4;

/** Rows of one IndexedDB store, read without the app's code (undefined: no such store). */
async function idbCount(page: Page, dbName: string, store: string): Promise<number | undefined> {
  return page.evaluate(
    ({ dbName, store }) =>
      new Promise<number | undefined>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve(undefined);
            return;
          }
          const req = db.transaction(store).objectStore(store).count();
          req.onsuccess = () => {
            db.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    { dbName, store },
  );
}

/** Plays the chapter video (muted) until `seconds`, then pauses. */
async function playTo(page: Page, seconds: number) {
  await page.getByTestId('chapter-video').evaluate(async (v: HTMLVideoElement, s: number) => {
    v.muted = true;
    await v.play();
    await new Promise<void>((resolve) => {
      const check = () => (v.currentTime >= s ? resolve() : requestAnimationFrame(check));
      check();
    });
    v.pause();
  }, seconds);
}

test('the admin uploads a video on /admin/videos and an enrolled learner plays it in the chapter viewer', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const video = await recordTestVideo(page, 4);
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[CHAPTER_INDEX]!;

  const admin = await createSession('admin', 'admin');
  await signIn(page, admin);
  await page.goto(`/admin/videos?course=${course.id}`);
  const card = await openChapterRow(page, chapter.title);
  await card
    .getByLabel('Upload video')
    .setInputFiles({ name: 'integrated.webm', mimeType: 'video/webm', buffer: video });
  await expect(page.getByText('Video uploaded to S3 successfully!')).toBeVisible({ timeout: 20_000 });
  const stored = (await chapters(course.id)).find((x) => x.id === chapter.id)!;
  expect(stored.video).toMatch(/^integrated_\w+\.webm$/);

  const learner = await createSession('learner', 'viewer');
  await enroll(learner.record.id, course.id);
  await signIn(page, learner);
  await page.goto(`/course/${COURSE_SLUG}/chapter/${chapter.id}`);
  const player = page.getByTestId('chapter-video');
  await expect(player).toHaveAttribute('src', new RegExp(`/api/files/.+/${chapter.id}/${stored.video}\\?token=`));
  await playTo(page, 1);
  expect(await player.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
});

test('a learner downloads the chapter, plays and seeks it offline while progress queues, syncs, then sign-out empties the device', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[CHAPTER_INDEX]!;
  expect(chapter.video, 'the first test put a video here').not.toBe('');
  const learner = await createSession('learner', 'offline');
  await enroll(learner.record.id, course.id);
  await signIn(page, learner);

  await page.goto(`/course/${COURSE_SLUG}/chapter/${chapter.id}`);
  await expect(page.getByTestId('chapter-video')).toHaveAttribute('src', /token=/);
  await waitForServiceWorker(page);

  // download from the chapter viewer: size first, then done
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await expect(page.getByTestId('download-size')).toHaveText(/\d+(\.\d)? (KB|MB)/);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByTestId('download-done')).toBeVisible({ timeout: 20_000 });
  const key = `/offline-media/${(chapter as { collectionId?: string }).collectionId}/${chapter.id}/${chapter.video}`;
  await expect.poll(() => learnerCacheKeys(page)).toContain(key);

  // offline: the reloaded page comes from the service worker and the player uses the copy
  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  const player = page.getByTestId('chapter-video');
  await expect(player).toHaveAttribute('src', key);
  await expect(player).toHaveAttribute('data-offline', 'true');
  await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
  await playTo(page, 2.2);
  const seeked = await player.evaluate(async (v: HTMLVideoElement) => {
    v.currentTime = 0.5;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    const back = v.currentTime;
    v.currentTime = 3;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    return { back, forward: v.currentTime, error: v.error?.code ?? null };
  });
  expect(seeked.error).toBeNull();
  expect(seeked.back).toBeLessThan(1);
  expect(seeked.forward).toBeGreaterThan(2.5);

  // the position (2 s, saved on even seconds) waits in the outbox
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'local');
  await expect.poll(() => idbCount(page, 'atelier', 'outbox')).toBeGreaterThan(0);

  // reconnect: the server has the position
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await expect
    .poll(async () => {
      const res = await request.get('/api/collections/chapter_progress/records', {
        headers: { authorization: learner.token },
      });
      const items = ((await res.json()) as { items: { chapter_id: string; position_seconds: number }[] }).items;
      return items.find((i) => i.chapter_id === chapter.id)?.position_seconds;
    })
    .toBeGreaterThanOrEqual(2);

  // the course dashboard lists the download and offers the whole course
  await page.goto(`/course/${COURSE_SLUG}`);
  const offline = page.getByRole('region', { name: 'Offline', exact: true });
  await expect(offline.getByTestId('download-item').filter({ hasText: chapter.title }).first()).toBeVisible();
  await expect(offline.getByRole('button', { name: 'Download course for offline' })).toBeVisible();

  // sign-out: no copies, no rows, and the key answers 404
  expect(await idbCount(page, 'atelier', 'downloads')).toBeGreaterThan(0);
  await page.goto('/my-courses');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).not.toHaveURL(/\/my-courses/);
  await expect.poll(() => hasLearnerFiles(page)).toBe(false);
  expect(await idbCount(page, 'atelier', 'downloads')).toBe(0);
  expect(await page.evaluate(async (k) => (await fetch(k)).status, key)).toBe(404);
});
