import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, onlyInProject, test } from './fixtures';
import { createSession, signIn } from './accounts';
import {
  chapters,
  courseBySlug,
  openChapterRow,
  ownChapter,
  recordTestVideo,
  setChapterVideo,
} from './chapter-support';
import { seriousAxeViolations, settleFirstVisit } from './support';

// Desktop and phone run in parallel against one server: each edits its own chapters
// (indexes 2-6 and 9-10 here, 7-8 in offline-downloads.spec.ts, 4 in course-offline.spec.ts,
// 0-1 in course.spec.ts).
const chapterIndex = (project: string) => (project === 'phone' ? 6 : 5);

async function openAdmin(page: Page) {
  await page.goto('/admin/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Course Chapter Management' })).toBeVisible();
}

test('signed out, /admin/videos sends you to /auth and remembers where you were going', async ({ page }) => {
  await page.goto('/admin/videos');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Fvideos/);
});

test('a learner sees "Not authorized", and the API refuses their writes too', async ({ page, request }) => {
  const learner = await createSession('learner', 'learner');
  await signIn(page, learner);
  await page.goto('/admin/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Not authorized' })).toBeVisible();
  await expect(page.getByText('which is not an admin account')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Chapter Management' })).toHaveCount(0);
  const course = await courseBySlug();
  const [first] = await chapters(course.id);
  const res = await request.patch(`/api/collections/course_modules/records/${first!.id}`, {
    headers: { authorization: learner.token },
    data: { content: 'x' },
  });
  expect(res.status()).toBe(404);
});

test('the subheads of a chapter are set as the rest of the admin page (its labels), not in bold serif', async ({
  page,
}, testInfo) => {
  const admin = await createSession('admin', 'admin');
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[chapterIndex(testInfo.project.name)]!;
  await signIn(page, admin);
  await openAdmin(page);
  const row = await openChapterRow(page, chapter.title);
  const type = (el: Element) => {
    const s = getComputedStyle(el);
    return `${s.fontFamily} / ${s.fontWeight} / ${s.fontSize}`;
  };
  const label = await page.locator('label', { hasText: /^Course$/ }).evaluate(type);
  const subheads = row.getByRole('heading', { level: 3 });
  await expect(subheads).toHaveText(['Video', 'Text content']);
  for (const subhead of await subheads.all()) expect(await subhead.evaluate(type)).toBe(label);
});

test('the admin uploads a generated video with visible progress, sees its duration, opens and removes it', async ({
  page,
  context,
}, testInfo) => {
  const video = await recordTestVideo(page);
  const admin = await createSession('admin', 'admin');
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[chapterIndex(testInfo.project.name)]!;
  await signIn(page, admin);
  await openAdmin(page);
  await expect(page.getByLabel('Course')).toHaveValue(course.id);
  const c = await openChapterRow(page, chapter.title);
  await expect(c.getByTestId('video-status')).toHaveText('No video');

  // Slow the upload down so the progress bar is seen moving (DevTools network throttling).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: Math.max(20_000, video.byteLength / 3),
  });
  await c.getByLabel('Upload video').setInputFiles({ name: 'intro.webm', mimeType: 'video/webm', buffer: video });
  await expect(c.getByText('Uploading...')).toBeVisible();
  const bar = c.getByTestId('upload-progress');
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByText('Video uploaded to S3 successfully!')).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(c.getByText('Video uploaded')).toBeVisible();
  // read in the browser from the file's metadata: a ~3 s recording
  await expect(c.getByTestId('video-duration')).toHaveText(/^0:0[2-4]$/);
  const stored = (await chapters(course.id)).find((x) => x.id === chapter.id)!;
  expect(stored.video).toMatch(/^intro_\w+\.webm$/);

  // Open video: a new tab on the protected file with a file token
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    c.getByRole('button', { name: 'Open video' }).click(),
  ]);
  await tab.waitForURL(/\/api\/files\/.+\/intro_\w+\.webm\?token=/);
  await tab.close();

  await c.getByRole('button', { name: 'Remove video' }).click();
  await expect(page.getByText('Video reference removed successfully')).toBeVisible();
  await expect(c.getByTestId('video-status')).toHaveText('No video');
  expect((await chapters(course.id)).find((x) => x.id === chapter.id)!.video).toBe('');
});

test('an upload whose connection drops retries from the last stored chunk; the previous video stays until the new one is stored', async ({
  page,
}, testInfo) => {
  onlyInProject('desktop', 'the viewport changes nothing in how bytes travel');
  const video = await recordTestVideo(page);
  const admin = await createSession('admin', 'admin');
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[chapterIndex(testInfo.project.name) + 4]!;
  const before = await setChapterVideo(chapter.id, video, 'before.webm');
  await signIn(page, admin);
  await openAdmin(page);
  const c = await openChapterRow(page, chapter.title);
  await expect(c.getByText('Video uploaded')).toBeVisible();

  // The connection drops whenever a chunk is sent (the server side of a chunk cut off
  // mid-way is covered by tests/integration/video-uploads.test.ts).
  await page.route('**/api/video-uploads/*', (route) =>
    route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.continue(),
  );
  await c.getByLabel('Replace video').setInputFiles({ name: 'after.webm', mimeType: 'video/webm', buffer: video });
  await expect(c.getByText('Connection lost. Retrying from the last stored chunk...')).toBeVisible({ timeout: 15_000 });
  expect((await chapters(course.id)).find((x) => x.id === chapter.id)!.video).toBe(before.video);

  await page.unroute('**/api/video-uploads/*');
  await expect(page.getByText('Video uploaded to S3 successfully!')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await chapters(course.id)).find((x) => x.id === chapter.id)!.video)
    .toMatch(/^after_\w+\.webm$/);
});

test('an upload the server refuses says why and leaves the previous video in place', async ({ page }) => {
  onlyInProject('desktop', 'how a refusal is reported does not depend on the viewport');
  const video = await recordTestVideo(page);
  const admin = await createSession('admin', 'admin');
  const own = await ownChapter();
  const before = await setChapterVideo(own.chapterId, video, 'kept.webm');
  await signIn(page, admin);
  await page.goto(`/admin/videos?course=${own.courseId}`);
  const c = await openChapterRow(page, own.title);
  await page.route('**/api/video-uploads', (route) =>
    route.fulfill({
      status: 413,
      contentType: 'application/json',
      body: '{"status":413,"message":"The file is larger than the server accepts (4 GB).","data":{}}',
    }),
  );
  await c.getByLabel('Replace video').setInputFiles({ name: 'huge.webm', mimeType: 'video/webm', buffer: video });
  await expect(c.getByRole('alert')).toContainText(
    'The file is larger than the server accepts (4 GB). The previous video is still in place.',
  );
  await expect(page.getByText('The file is larger than the server accepts (4 GB).').first()).toBeVisible();
  await page.unroute('**/api/video-uploads');
  expect((await chapters(own.courseId))[0]!.video).toBe(before.video);
});

test('a file that is not a video is refused in the browser', async ({ page }, testInfo) => {
  const admin = await createSession('admin', 'admin');
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[chapterIndex(testInfo.project.name)]!;
  await signIn(page, admin);
  await openAdmin(page);
  const input = (await openChapterRow(page, chapter.title)).getByLabel(/Upload video|Replace video/);
  await expect(input).toHaveAttribute('accept', 'video/*');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please choose a video file.')).toBeVisible();
});

test('the admin edits and saves chapter text, and downloads the text compendium', async ({ page }, testInfo) => {
  const admin = await createSession('admin', 'admin');
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[chapterIndex(testInfo.project.name)]!;
  await signIn(page, admin);
  await openAdmin(page);
  const c = await openChapterRow(page, chapter.title);

  await c.getByRole('button', { name: 'Edit' }).click();
  const box = c.getByRole('textbox', { name: 'Text content' });
  await expect(box).toHaveAttribute('placeholder', /Write the chapter text here/);
  await box.fill('Draft that is thrown away');
  await c.getByRole('button', { name: 'Cancel' }).click();
  await expect(c.getByText('Draft that is thrown away')).toHaveCount(0);

  const text = `Saved by the ${testInfo.project.name} test at ${Date.now()}.`;
  await c.getByRole('button', { name: 'Edit' }).click();
  await c.getByRole('textbox', { name: 'Text content' }).fill(text);
  await c.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Chapter content updated successfully')).toBeVisible();
  await expect(c.getByText(text)).toBeVisible();
  expect((await chapters(course.id)).find((x) => x.id === chapter.id)!.content).toBe(text);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Text Compendium' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('the-whispering-game-text-compendium.txt');
  const body = readFileSync((await download.path())!, 'utf8');
  expect(body.startsWith(`${course.title}\nText compendium`)).toBe(true);
  expect(body).toContain(text);
  expect(body).toContain(
    `Chapter ${String(chapterIndex(testInfo.project.name) + 1).padStart(2, '0')}: ${chapter.title}`,
  );
  await expect(page.getByText('Text compendium downloaded successfully')).toBeVisible();
});

test('every admin failure toast shows when the server fails', async ({ page }, testInfo) => {
  onlyInProject('desktop', 'how a failure is reported does not depend on the viewport');
  const admin = await createSession('admin', 'admin');
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[chapterIndex(testInfo.project.name)]!;
  await signIn(page, admin);
  const fail = (route: import('@playwright/test').Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"status":500,"message":"Something went wrong.","data":{}}',
    });

  await page.route('**/api/collections/courses/records?*', fail);
  await page.goto('/admin/videos');
  await expect(page.getByText('Failed to fetch courses')).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/api/collections/courses/records?*');

  await page.route('**/api/collections/course_modules/records?*', fail);
  await page.reload();
  await expect(page.getByText('Failed to fetch chapters')).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/api/collections/course_modules/records?*');

  await page.reload();
  const c = await openChapterRow(page, chapter.title);
  await page.route(`**/api/collections/course_modules/records/${chapter.id}*`, (route) =>
    route.request().method() === 'PATCH' ? fail(route) : route.continue(),
  );
  await c.getByRole('button', { name: 'Edit' }).click();
  await c.getByRole('textbox', { name: 'Text content' }).fill('Will not be saved');
  await c.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Failed to update content')).toBeVisible();
  // still editing: nothing typed is lost
  await expect(c.getByRole('textbox', { name: 'Text content' })).toHaveValue('Will not be saved');
});

test('removing a video that fails says "Failed to delete video" and keeps it', async ({ page }, testInfo) => {
  onlyInProject('desktop', 'how a failure is reported does not depend on the viewport');
  const video = await recordTestVideo(page);
  const admin = await createSession('admin', 'admin');
  const course = await courseBySlug();
  const chapter = (await chapters(course.id))[chapterIndex(testInfo.project.name) - 3]!;
  await setChapterVideo(chapter.id, video, 'keep.webm');
  await signIn(page, admin);
  await openAdmin(page);
  const c = await openChapterRow(page, chapter.title);
  await page.route(`**/api/collections/course_modules/records/${chapter.id}*`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"x","data":{}}' })
      : route.continue(),
  );
  await c.getByRole('button', { name: 'Remove video' }).click();
  await expect(page.getByText('Failed to delete video')).toBeVisible();
  await expect(c.getByText('Video uploaded')).toBeVisible();
});

test('offline, the admin page says writes need a connection', async ({ page, context }) => {
  const admin = await createSession('admin', 'admin');
  await signIn(page, admin);
  await openAdmin(page);
  await expect(page.getByTestId('chapter-card').first()).toBeVisible();
  await page
    .getByRole('button', { name: /^Manage / })
    .first()
    .click();
  await context.setOffline(true);
  await expect(page.getByTestId('admin-offline')).toContainText('need a connection');
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeDisabled();
  await expect(page.getByLabel(/Upload video|Replace video/).first()).toBeDisabled();
  await context.setOffline(false);
});

test('no serious or critical axe violations on /admin/videos', async ({ page }) => {
  const admin = await createSession('admin', 'admin');
  await signIn(page, admin);
  await openAdmin(page);
  await expect(page.getByTestId('chapter-card').first()).toBeVisible();
  await settleFirstVisit(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the chapter list is one row per chapter that opens to edit, with a styled, keyboard-reachable picker', async ({
  page,
}, testInfo) => {
  const admin = await createSession('admin', 'admin');
  const course = await courseBySlug();
  const all = await chapters(course.id);
  await signIn(page, admin);
  await openAdmin(page);
  const rows = page.getByTestId('chapter-card');
  await expect(rows).toHaveCount(all.length);

  // closed, every chapter is one short row: number and title, video state, text state, Manage
  const phone = testInfo.project.name === 'phone';
  for (const row of await rows.all()) {
    const box = (await row.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(phone ? 110 : 80);
    await expect(row.getByRole('textbox')).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Edit' })).toBeHidden();
  }
  const list = (await page.getByRole('list', { name: `Chapters of ${course.title}` }).boundingBox())!;
  expect(list.height).toBeLessThan(all.length * (phone ? 120 : 90));

  const chapter = all[0]!;
  const row = rows.filter({ has: page.getByRole('heading', { name: chapter.title }) });
  await expect(row.getByTestId('row-note')).toHaveText(chapter.content.trim() ? 'Text written' : 'No text yet');
  const manage = row.getByRole('button', { name: `Manage ${chapter.title}`, exact: true });
  await expect(manage).toHaveAttribute('aria-expanded', 'false');
  await manage.click();
  const close = row.getByRole('button', { name: `Close ${chapter.title}`, exact: true });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('button', { name: 'Edit' })).toBeVisible();

  // the picker is a button-like label; the browser's own file control is not what is seen
  const label = row.locator('label', { hasText: /^(Upload|Replace) video$/ });
  await expect(label).toBeVisible();
  const input = row.getByLabel(/^(Upload|Replace) video$/);
  const inputBox = (await input.boundingBox())!;
  expect(inputBox.width).toBeLessThanOrEqual(1);
  const labelBox = (await label.boundingBox())!;
  expect(labelBox.height).toBeGreaterThanOrEqual(24);
  expect(await label.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
  // the drop hint is for a mouse; a touch screen does not show it
  await expect(row.getByText('or drop a video file here')).toBeVisible({ visible: !phone });

  // keyboard: Tab from Close reaches the picker (after Open/Remove when there is a video), and its focus shows
  await close.focus();
  for (let i = 0; i < 4 && !(await input.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(input).toBeFocused();
  expect(await label.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

  await close.click();
  await expect(manage).toHaveAttribute('aria-expanded', 'false');
  await expect(row.getByRole('button', { name: 'Edit' })).toBeHidden();

  // a chapter with a video and a text keeps its row as short
  const own = await ownChapter();
  await setChapterVideo(own.chapterId, await recordTestVideo(page, 1), 'short.webm');
  await signIn(page, admin);
  await page.goto(`/admin/videos?course=${own.courseId}`);
  const withVideo = rows.filter({ has: page.getByRole('heading', { name: own.title }) });
  await expect(withVideo.getByTestId('video-status')).toContainText('Duration');
  expect((await withVideo.boundingBox())!.height).toBeLessThanOrEqual(phone ? 110 : 80);
});

test('on a desktop, a video dropped on a closed chapter row opens it and uploads; a stray drop leaves the page alone', async ({
  page,
}) => {
  onlyInProject('desktop', 'a file is dragged only with a mouse');
  const video = await recordTestVideo(page);
  const admin = await createSession('admin', 'admin');
  const own = await ownChapter();
  await signIn(page, admin);
  await page.goto(`/admin/videos?course=${own.courseId}`);
  const row = page.getByTestId('chapter-card').filter({ has: page.getByRole('heading', { name: own.title }) });
  await expect(row.getByRole('button', { name: `Manage ${own.title}`, exact: true })).toBeVisible();

  // a file dragged from the desktop: the same events Chromium sends, carrying a real File
  const drop = async (selector: string) =>
    page.evaluate(
      async ({ base64, selector }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'dropped.webm', { type: 'video/webm' }));
        const target = document.querySelector(selector)!;
        const fire = (type: string) => {
          const event = new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data });
          target.dispatchEvent(event);
          return event.defaultPrevented;
        };
        fire('dragenter');
        const accepted = fire('dragover');
        const taken = fire('drop');
        return { accepted, taken };
      },
      { base64: video.toString('base64'), selector },
    );

  // beside the rows: taken by the page so the browser does not open the file in this tab
  expect(await drop('h1')).toEqual({ accepted: true, taken: true });
  await expect(page).toHaveURL(new RegExp(`/admin/videos\\?course=${own.courseId}`));
  await expect(row.getByTestId('video-status')).toHaveText('No video');

  const rowId = await row.getAttribute('aria-labelledby');
  expect(await drop(`[aria-labelledby="${rowId}"] h2`)).toEqual({ accepted: true, taken: true });
  await expect(row.getByRole('button', { name: `Close ${own.title}`, exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByText('Video uploaded to S3 successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('Video uploaded')).toBeVisible();
  await expect.poll(async () => (await chapters(own.courseId))[0]!.video).toMatch(/^dropped_\w+\.webm$/);
});
