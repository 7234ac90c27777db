// Course chapters as the superuser sees them, for the browser tests: the course, its
// chapter records (with video and text), enrolments, and a short real video to upload.
import { expect, type Page } from '@playwright/test';
import { asSuperuser } from './accounts';

export const COURSE_SLUG = 'whispering-game';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export async function courseBySlug(slug = COURSE_SLUG): Promise<{ id: string; title: string }> {
  const path = `/api/collections/courses/records?${query({ filter: `slug="${slug}"` })}`;
  return (await asSuperuser<{ items: { id: string; title: string }[] }>('GET', path)).items[0]!;
}

type Chapter = { id: string; title: string; sort_order: number; video: string; content: string };

export async function chapters(courseId: string): Promise<Chapter[]> {
  const q = query({ filter: `course_id="${courseId}"`, sort: 'sort_order', perPage: '100' });
  return (await asSuperuser<{ items: Chapter[] }>('GET', `/api/collections/course_modules/records?${q}`)).items;
}

export async function enroll(userId: string, courseId: string) {
  await asSuperuser('POST', '/api/collections/course_enrollments/records', {
    user_id: userId,
    course_id: courseId,
    enrolled_at: new Date().toISOString(),
    source: 'manual',
  });
}

/** Puts a video on a chapter as the superuser (the learner tests need one). */
export async function setChapterVideo(chapterId: string, video: Buffer, name = 'chapter.webm', seconds = 3) {
  const form = new FormData();
  form.set('video', new Blob([new Uint8Array(video)], { type: 'video/webm' }), name);
  form.set('duration_seconds', String(seconds));
  return asSuperuser<{ video: string; collectionId: string }>(
    'PATCH',
    `/api/collections/course_modules/records/${chapterId}`,
    form,
  );
}

/**
 * A real ~3 s WebM (VP8/VP9) recorded from an animated canvas with Chromium's
 * MediaRecorder: no ffmpeg needed, and it plays and seeks in the same browser.
 */
export async function recordTestVideo(page: Page, seconds = 3): Promise<Buffer> {
  await page.goto('/robots.txt');
  const base64 = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d')!;
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm', videoBitsPerSecond: 400_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => (recorder.onstop = r));
    let frame = 0;
    const timer = setInterval(() => {
      frame += 1;
      ctx.fillStyle = `hsl(${(frame * 7) % 360} 60% 50%)`;
      ctx.fillRect(0, 0, 320, 180);
      ctx.fillStyle = '#fff';
      ctx.font = '48px sans-serif';
      ctx.fillText(String(frame), 20, 100);
    }, 40);
    recorder.start(250);
    await new Promise((r) => setTimeout(r, ms));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const buf = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000));
    return btoa(s);
  }, seconds * 1000);
  return Buffer.from(base64, 'base64');
}

/**
 * A course of its own with one chapter and no video, for tests that must not share a
 * seeded chapter. Unpublished, and titled to sort after the seeded course, so /admin/videos
 * still opens on the seeded one.
 */
export async function ownChapter(): Promise<{ courseId: string; chapterId: string; title: string }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const course = await asSuperuser<{ id: string }>('POST', '/api/collections/courses/records', {
    slug: `upload-drill-${tag}`,
    title: `Upload drill ${tag}`,
    price_cents: 100,
    currency: 'usd',
    is_published: false,
  });
  const title = `Long chapter ${tag}`;
  const chapter = await asSuperuser<{ id: string }>('POST', '/api/collections/course_modules/records', {
    course_id: course.id,
    title,
    sort_order: 1,
  });
  return { courseId: course.id, chapterId: chapter.id, title };
}

/** A chapter's row on /admin/videos, opened to edit (its Manage button). */
export async function openChapterRow(page: Page, title: string) {
  const row = page.getByTestId('chapter-card').filter({ has: page.getByRole('heading', { name: title }) });
  await row.getByRole('button', { name: `Manage ${title}`, exact: true }).click();
  await expect(row.getByRole('button', { name: `Close ${title}`, exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  return row;
}
