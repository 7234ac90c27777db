import type { Page } from '@playwright/test';
import { expect, onlyInProject, test } from './fixtures';
import { asSuperuser, createSession, findRecords, type Session, signIn } from './accounts';
import { COURSE_SLUG, chapters, courseBySlug, enroll, recordTestVideo, setChapterVideo } from './chapter-support';
import { learnerCacheKeys, seriousAxeViolations, settleFirstVisit, waitForServiceWorker } from './support';

// Desktop and phone each put their video on their own chapter; within a project the tests
// share that chapter, so they run one after the other.
test.describe.configure({ mode: 'default' });
const chapterIndex = (project: string) => (project === 'phone' ? 8 : 7);

async function setUp(page: Page, project: string) {
  const video = await recordTestVideo(page);
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[chapterIndex(project)]!;
  const stored = await setChapterVideo(chapter.id, video, 'lesson.webm');
  const learner = await createSession('learner', 'learner');
  await enroll(learner.record.id, course.id);
  await signIn(page, learner);
  return { course, chapter: { ...chapter, ...stored }, learner, size: video.byteLength };
}

/** Downloads one chapter from /downloads; resolves its row there. */
async function downloadChapter(page: Page, title: string) {
  await page.goto('/downloads');
  await waitForServiceWorker(page);
  const row = page.getByTestId('downloadable-chapter').filter({ hasText: title });
  await row.getByRole('button', { name: 'Download for offline' }).click();
  await row.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(row.getByTestId('download-done')).toBeVisible({ timeout: 20_000 });
  return row;
}

test('a chapter without a video offers no download, and says why', async ({ page }) => {
  const course = await courseBySlug();
  // course.spec.ts keeps the second chapter without a video
  const chapter = (await chapters(course.id))[1]!;
  expect(chapter.video).toBe('');
  const learner = await createSession('learner', 'novideo');
  await enroll(learner.record.id, course.id);
  await signIn(page, learner);
  const why = 'Nothing to download yet: this chapter has no video.';

  await page.goto('/downloads');
  const row = page.getByTestId('downloadable-chapter').filter({ hasText: chapter.title });
  await expect(row.getByTestId('download-chapter')).toContainText(why);
  await expect(row.getByRole('button')).toHaveCount(0);

  await page.goto(`/course/${COURSE_SLUG}/chapter/${chapter.id}`);
  await expect(page.getByText('Video coming soon')).toBeVisible();
  await expect(page.getByTestId('download-chapter')).toContainText(why);
  await expect(page.getByRole('button', { name: 'Download for offline' })).toHaveCount(0);
});

test('a learner downloads a chapter, goes offline, reloads, and the service worker plays and seeks the video', async ({
  page,
  context,
}, testInfo) => {
  const { chapter, learner, size } = await setUp(page, testInfo.project.name);
  await page.goto('/downloads');
  await expect(page.getByRole('heading', { level: 1, name: 'Offline downloads' })).toBeVisible();
  await waitForServiceWorker(page);

  const row = page.getByTestId('downloadable-chapter').filter({ hasText: chapter.title });
  await row.getByRole('button', { name: 'Download for offline' }).click();
  // size first
  await expect(row.getByTestId('download-size')).toHaveText(/\d+(\.\d)? (KB|MB)/);
  await row.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(row.getByTestId('download-done')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('download-item').filter({ hasText: chapter.title }).first()).toBeVisible();
  await expect(page.getByTestId('storage-estimate')).toContainText('Storage used by this site');

  const key = `/offline-media/${chapter.collectionId}/${chapter.id}/${chapter.video}`;
  expect(await learnerCacheKeys(page)).toContain(key);

  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // the list comes from this device's records, not the network
  await expect(page.getByTestId('download-item').filter({ hasText: chapter.title }).first()).toBeVisible();

  // Range requests against the token-free key and against the tokenized API URL
  const ranges = await page.evaluate(
    async ({ key, apiPath, token }) => {
      const a = await fetch(key, { headers: { Range: 'bytes=100-199' } });
      const tokenUrl = `${apiPath}?token=${token}`;
      const b = await fetch(tokenUrl, { headers: { Range: 'bytes=0-' } });
      return {
        a: { status: a.status, range: a.headers.get('content-range'), length: (await a.arrayBuffer()).byteLength },
        b: { status: b.status, range: b.headers.get('content-range') },
      };
    },
    { key, apiPath: `/api/files/${chapter.collectionId}/${chapter.id}/${chapter.video}`, token: learner.token },
  );
  expect(ranges.a).toEqual({ status: 206, range: `bytes 100-199/${size}`, length: 100 });
  expect(ranges.b).toEqual({ status: 206, range: `bytes 0-${size - 1}/${size}` });

  // A <video> plays the copy offline and seeks
  const played = await page.evaluate(async (src) => {
    const v = document.createElement('video');
    v.muted = true;
    v.src = src;
    document.body.append(v);
    await new Promise((resolve, reject) => {
      v.onloadedmetadata = resolve;
      v.onerror = () => reject(new Error(`media error ${v.error?.code}`));
    });
    const playing = new Promise((resolve) => v.addEventListener('timeupdate', resolve, { once: true }));
    await v.play();
    await playing;
    v.pause();
    v.currentTime = 1.5;
    await new Promise((resolve) => (v.onseeked = resolve));
    const at = v.currentTime;
    v.remove();
    return { at };
  }, key);
  expect(played.at).toBeGreaterThan(1);

  // Removing the download empties the cache, even offline
  await page.getByRole('button', { name: 'Remove all' }).click();
  await expect(page.getByText('Nothing downloaded yet.')).toBeVisible();
  await expect.poll(() => learnerCacheKeys(page)).toEqual([]);
  const gone = await page.evaluate(async (k) => (await fetch(k)).status, key);
  expect(gone).toBe(404);
  await context.setOffline(false);
});

test("two learners on one tablet: other accounts signing in and out leave each one's offline course, and both study offline", async ({
  page,
  context,
}, testInfo) => {
  onlyInProject('desktop', "which account a device's copy belongs to does not depend on the viewport");
  test.setTimeout(90_000);
  const { course, chapter, learner: ana } = await setUp(page, testInfo.project.name);
  const key = `/offline-media/${chapter.collectionId}/${chapter.id}/${chapter.video}`;
  const chapterPath = `/course/whispering-game/chapter/${chapter.id}`;
  /** The tablet switches to another account: its stored session, no network needed. */
  const use = async (session: Session) => {
    await page.evaluate((s) => localStorage.setItem('pocketbase_auth', JSON.stringify(s)), session);
  };
  const download = async () => {
    await downloadChapter(page, chapter.title);
    await page.goto(chapterPath);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await page.goto('/my-courses');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  };
  /** Sign-out on /my-courses (anyway, when a visit is still unsynced). */
  const signOut = async () => {
    await page.goto('/my-courses');
    await page.getByRole('button', { name: 'Sign out' }).click();
    const anyway = page.getByRole('button', { name: 'Sign out anyway' });
    await expect.poll(async () => (await anyway.isVisible()) || !page.url().includes('/my-courses')).toBe(true);
    if (await anyway.isVisible()) await anyway.click();
    await expect(page).not.toHaveURL(/\/my-courses/);
  };
  /** Offline, the learner opens the chapter: its text, the downloaded video, and the downloads list. */
  const studyOffline = async (session: Session) => {
    await use(session);
    await page.goto(chapterPath);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(page.getByText('Chapter Locked')).toHaveCount(0);
    await expect(page.getByTestId('chapter-video')).toHaveAttribute('src', key);
    expect(await page.evaluate(async (k) => (await fetch(k)).status, key)).toBe(200);
    await page.goto('/downloads');
    await expect(page.getByTestId('download-item').filter({ hasText: chapter.title }).first()).toBeVisible();
  };

  await download();
  const bo = await createSession('learner', 'bo');
  await enroll(bo.record.id, course.id);
  await use(bo);
  await download();
  // two more accounts come and go on the tablet
  for (const label of ['cy', 'dee']) {
    const visitor = await createSession('learner', label);
    await enroll(visitor.record.id, course.id);
    await use(visitor);
    await download();
    await signOut();
  }

  await context.setOffline(true);
  await studyOffline(ana);
  await studyOffline(bo);
  expect((await learnerCacheKeys(page, ana.record.id)).length).toBe(1);
  expect((await learnerCacheKeys(page, bo.record.id)).length).toBe(1);
  expect(await learnerCacheKeys(page)).toHaveLength(2);

  // Bo signs out (offline): Ana's course stays
  await signOut();
  await studyOffline(ana);
  expect(await learnerCacheKeys(page, bo.record.id)).toEqual([]);
  await context.setOffline(false);
});

test('another account on the same device does not get the downloaded copy', async ({ page }, testInfo) => {
  onlyInProject('desktop', "which account a device's copy belongs to does not depend on the viewport");
  const { chapter } = await setUp(page, testInfo.project.name);
  const row = await downloadChapter(page, chapter.title);

  // a learner who is not enrolled asks for the same file with their own file token
  const stranger = await createSession('learner', 'stranger');
  const status = await page.evaluate(
    async ({ apiPath, token }) => {
      const ft = await fetch('/api/files/token', { method: 'POST', headers: { Authorization: token } });
      const { token: fileToken } = await ft.json();
      return (await fetch(`${apiPath}?token=${fileToken}`)).status;
    },
    { apiPath: `/api/files/${chapter.collectionId}/${chapter.id}/${chapter.video}`, token: stranger.token },
  );
  expect(status).toBe(404);

  // clearDownloads-style cleanup: "Remove download" on the chapter frees its cache entry
  await row.getByRole('button', { name: 'Remove download' }).click();
  await expect(row.getByRole('button', { name: 'Download for offline' })).toBeVisible();
  await expect.poll(() => learnerCacheKeys(page)).toEqual([]);
});

test('the whole course downloads with its size shown first, then frees with one click', async ({ page }, testInfo) => {
  const { course, chapter } = await setUp(page, testInfo.project.name);
  await page.goto('/downloads');
  await waitForServiceWorker(page);
  const section = page.getByRole('region', { name: course.title });
  const courseBox = section.getByTestId('download-course');
  await courseBox.getByRole('button', { name: 'Download course for offline' }).click();
  await expect(courseBox.getByTestId('download-size')).toHaveText(/\d+(\.\d)? (KB|MB)/);
  await courseBox.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(courseBox.getByTestId('download-done')).toBeVisible({ timeout: 30_000 });
  // every chapter's text came along, and this chapter's video
  const chapterCount = await section.getByTestId('downloadable-chapter').count();
  await expect(page.getByTestId('download-item').filter({ hasText: 'Text and tasks' })).toHaveCount(chapterCount);
  await expect
    .poll(() => learnerCacheKeys(page))
    .toContain(`/offline-media/${chapter.collectionId}/${chapter.id}/${chapter.video}`);
  await courseBox.getByRole('button', { name: 'Remove download' }).click();
  await expect(page.getByText('Nothing downloaded yet.')).toBeVisible();
  await expect.poll(() => learnerCacheKeys(page)).toEqual([]);
});

test('no serious or critical axe violations on /downloads', async ({ page }, testInfo) => {
  await setUp(page, testInfo.project.name);
  await page.goto('/downloads');
  await expect(page.getByTestId('downloadable-chapter').first()).toBeVisible();
  await settleFirstVisit(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('a refunded course leaves the device at the next sync: the downloaded video and chapter text are gone, offline too', async ({
  page,
  context,
}, testInfo) => {
  onlyInProject('desktop', 'a refund reaches the device through sync, whatever its viewport');
  const video = await recordTestVideo(page);
  const course = await courseBySlug();
  const listed = (await chapters(course.id))[chapterIndex(testInfo.project.name)]!;
  const chapter = { ...listed, ...(await setChapterVideo(listed.id, video, 'lesson.webm')) };
  const learner = await createSession('learner', 'refunded');
  // a paid course order and its enrolment, as the webhook leaves them
  const order = await asSuperuser<{ id: string }>('POST', '/api/collections/orders/records', {
    kind: 'course',
    user_id: learner.record.id,
    email: learner.record.email,
    items: [{ id: course.id, title: course.title, quantity: 1 }],
    currency: 'usd',
    amount_total: 13900,
    status: 'paid',
  });
  await asSuperuser('POST', '/api/collections/course_enrollments/records', {
    user_id: learner.record.id,
    course_id: course.id,
    order_id: order.id,
    enrolled_at: new Date().toISOString(),
    source: 'purchase',
  });
  await signIn(page, learner);
  await downloadChapter(page, chapter.title);
  const chapterPath = `/course/whispering-game/chapter/${chapter.id}`;
  await page.goto(chapterPath);
  await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
  const key = `/offline-media/${chapter.collectionId}/${chapter.id}/${chapter.video}`;
  expect(await learnerCacheKeys(page)).toEqual([key]);

  // The artist refunds it (refunded outside the site, marked in the admin UI): the enrolment ends.
  await asSuperuser('PATCH', `/api/collections/orders/records/${order.id}`, { status: 'refunded' });
  expect(
    await findRecords('course_enrollments', `user_id = "${learner.record.id}" && course_id = "${course.id}"`),
  ).toEqual([]);

  // The learner opens the app online once: the check on start takes the course off the device.
  await page.goto('/my-courses');
  await expect.poll(() => learnerCacheKeys(page), { timeout: 15_000 }).toEqual([]);

  // Offline afterwards: no video, no chapter text, nothing listed.
  await context.setOffline(true);
  expect(await page.evaluate(async (k) => (await fetch(k)).status, key)).toBe(404);
  await page.goto('/downloads');
  await expect(page.getByText('Nothing downloaded yet.')).toBeVisible();
  await page.goto(chapterPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Chapter Locked' })).toBeVisible();
  await expect(page.getByTestId('chapter-video')).toHaveCount(0);
  await context.setOffline(false);
});
