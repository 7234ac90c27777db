// The course compendium is the enrolled learner's: a protected PDF, not a public file or part
// of the precache. "Download Compendium" in the chapter viewer saves it, keeps a copy in the
// learner's downloads that also works offline, and sign-out removes it from the device.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createSession, signIn } from './accounts';
import { chapters, courseBySlug, enroll } from './chapter-support';
import { hasLearnerFiles, savedFile, waitForServiceWorker } from './support';

async function downloadsRows(page: Page): Promise<{ title: string; kind: string; chapterId: string }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('atelier');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const rows = await new Promise<{ title: string; kind: string; chapterId: string }[]>((resolve, reject) => {
      const req = db.transaction('downloads').objectStore('downloads').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return rows;
  });
}

test('not public, not precached', async ({ page, request }) => {
  expect((await request.get('/compendium/the-whispering-game-compendium.pdf')).status()).toBe(404);
  expect(await (await request.get('/sw.js')).text()).not.toContain('.pdf');
  const list = await request.get('/api/collections/course_compendium/records');
  expect((await list.json()).items).toEqual([]);
  // a signed-in learner who is not enrolled sees the locked chapter and no compendium
  const course = await courseBySlug();
  const [first] = await chapters(course.id);
  const learner = await createSession('learner', 'not-enrolled');
  await signIn(page, learner);
  await page.goto(`/course/whispering-game/chapter/${first!.id}`);
  await expect(page.getByRole('heading', { name: 'Chapter Locked' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Compendium' })).toHaveCount(0);
  const mine = await request.get('/api/collections/course_compendium/records', {
    headers: { authorization: learner.token },
  });
  expect((await mine.json()).items).toEqual([]);
});

test('an enrolled learner saves it, opens it offline from the downloads, and sign-out removes it', async ({
  page,
  context,
}) => {
  const course = await courseBySlug();
  const [first] = await chapters(course.id);
  const learner = await createSession('learner', 'compendium');
  await enroll(learner.record.id, course.id);
  await signIn(page, learner);
  await page.goto(`/course/whispering-game/chapter/${first!.id}`);
  await waitForServiceWorker(page);

  expect(await savedFile(page, 'Download Compendium')).toEqual({
    name: 'whispering-game-compendium.pdf',
    head: '%PDF-',
  });
  await expect
    .poll(() => downloadsRows(page))
    .toContainEqual(expect.objectContaining({ title: 'Compendium', kind: 'file', chapterId: '' }));
  await page.goto('/downloads');
  await expect(page.getByTestId('download-item').filter({ hasText: 'Compendium' })).toBeVisible();

  // offline, after a reload: the saved copy
  await page.goto(`/course/whispering-game/chapter/${first!.id}`);
  await context.setOffline(true);
  await page.reload();
  expect(await savedFile(page, 'Download Compendium')).toEqual({
    name: 'whispering-game-compendium.pdf',
    head: '%PDF-',
  });
  await context.setOffline(false);

  // sign-out: the copy and its row are gone
  await page.goto('/my-courses');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).not.toHaveURL(/\/my-courses/);
  await expect.poll(() => hasLearnerFiles(page)).toBe(false);
  expect(await downloadsRows(page)).toEqual([]);
});
