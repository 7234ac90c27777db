// Big chapter videos over a slow, unreliable line: the upload goes in chunks through a
// throttled link, survives two dropped connections and a closed tab, and the stored file
// is byte-identical to the chosen one. Desktop only: the phone viewport changes nothing
// in how bytes travel, and two 300 MB uploads at once would only slow the suite down.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, onlyInProject, test } from './fixtures';
import { asSuperuser, createSession, type Session, signIn } from './accounts';
import { openChapterRow, ownChapter } from './chapter-support';

const MiB = 1024 * 1024;
const CHUNK = 8 * MiB;
const UPLOADS = '**/api/video-uploads/*';

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'atelier-upload-e2e-'));
});
test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A file MIME sniffing reads as mp4 (an ftyp box first), then random bytes. */
function writeVideoFile(name: string, size: number): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  writeSync(fd, Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'));
  for (let left = size - 24; left > 0; left -= 4 * MiB) writeSync(fd, randomBytes(Math.min(4 * MiB, left)));
  closeSync(fd);
  return path;
}

function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (d) => hash.update(d))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

async function throttleUpload(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 5,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Every chunk's Upload-Offset, in the order the page sent them. */
function recordChunkOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && req.url().includes('/api/video-uploads/'))
      offsets.push(Number(req.headers()['upload-offset']));
  });
  return offsets;
}

/** The stored video as the admin fetches it with a file token. */
async function storedVideoSha(request: APIRequestContext, admin: Session, chapterId: string): Promise<string> {
  const chapter = await asSuperuser<{ video: string; collectionId: string }>(
    'GET',
    `/api/collections/course_modules/records/${chapterId}`,
  );
  expect(chapter.video).toMatch(/_\w+\.mp4$/);
  const token = (await (await request.post('/api/files/token', { headers: { authorization: admin.token } })).json())
    .token;
  const res = await request.get(`/api/files/${chapter.collectionId}/${chapterId}/${chapter.video}?token=${token}`, {
    timeout: 120_000,
  });
  expect(res.status()).toBe(200);
  return createHash('sha256')
    .update(await res.body())
    .digest('hex');
}

async function openChapter(page: Page, courseId: string, title: string) {
  await page.goto(`/admin/videos?course=${courseId}`);
  return openChapterRow(page, title);
}

test('a 300 MB upload through a throttled link, cut twice, resumes each time and stores a byte-identical file', async ({
  page,
  context,
  request,
}) => {
  onlyInProject('desktop', 'the viewport changes nothing in how bytes travel');
  test.setTimeout(240_000);
  const size = 300 * MiB + 12_345;
  const file = writeVideoFile('lecture.mp4', size);
  const want = await sha256OfFile(file);
  const admin = await createSession('admin', 'admin');
  const { courseId, chapterId, title } = await ownChapter();
  await signIn(page, admin);
  const card = await openChapter(page, courseId, title);

  // Two chunks never reach the server: the connection drops as they start.
  const offsets = recordChunkOffsets(page);
  let patches = 0;
  const cutAt = new Set([5, 19]);
  await page.route(UPLOADS, (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    return cutAt.has(patches) ? route.abort('connectionreset') : route.continue();
  });
  await throttleUpload(context, page, 30 * MiB);

  await card.getByLabel('Upload video').setInputFiles(file);
  const bar = card.getByTestId('upload-progress');
  await expect(card.getByText('Uploading...')).toBeVisible({ timeout: 30_000 });
  // real progress across chunks: the bar passes half-way while chunks are still going up
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 120_000 })
    .toBeGreaterThanOrEqual(50);
  await expect(card.getByText('Uploading...')).toBeVisible();
  await expect(page.getByText('Video uploaded to S3 successfully!')).toBeVisible({ timeout: 150_000 });
  await expect(card.getByText('Video uploaded')).toBeVisible();

  // each cut chunk was sent again from its own offset; nothing restarted from 0
  const chunks = Math.ceil(size / CHUNK);
  expect(offsets.length).toBe(chunks + 2);
  expect(offsets.filter((o) => o === 0)).toHaveLength(1);
  expect(new Set(offsets).size).toBe(chunks);
  expect(offsets[4]).toBe(offsets[5]);
  expect(offsets[18]).toBe(offsets[19]);
  expect(await storedVideoSha(request, admin, chapterId)).toBe(want);
});

test('a tab closed mid-upload resumes from /admin/videos after choosing the same file again', async ({
  page,
  context,
  request,
}) => {
  onlyInProject('desktop', 'the viewport changes nothing in how bytes travel');
  test.setTimeout(180_000);
  const file = writeVideoFile('workshop.mp4', 96 * MiB + 777);
  const want = await sha256OfFile(file);
  const admin = await createSession('admin', 'admin');
  const { courseId, chapterId, title } = await ownChapter();
  await signIn(page, admin);
  const first = await openChapter(page, courseId, title);
  await throttleUpload(context, page, 6 * MiB);
  await first.getByLabel('Upload video').setInputFiles(file);
  const bar = first.getByTestId('upload-progress');
  // the bar first shows the file being read for its checksum, then the bytes sent
  await expect(first.getByText('Uploading...')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(30);
  await page.close();

  const again = await context.newPage();
  const offsets = recordChunkOffsets(again);
  const card = await openChapter(again, courseId, title);
  await expect(card.getByTestId('upload-interrupted')).toContainText('The upload of “workshop.mp4” was interrupted');
  await card.getByLabel('Upload video').setInputFiles(file);
  await expect(card.getByTestId('upload-resumed')).toContainText(/Continuing the interrupted upload from [1-9]\d?%/);
  await expect(again.getByText('Video uploaded to S3 successfully!')).toBeVisible({ timeout: 120_000 });
  // the new tab started at a stored chunk, not at the beginning
  expect(offsets[0]).toBeGreaterThanOrEqual(3 * CHUNK);
  expect(offsets[0] % CHUNK).toBe(0);
  await expect(card.getByTestId('upload-interrupted')).toHaveCount(0);
  expect(await storedVideoSha(request, admin, chapterId)).toBe(want);
});
