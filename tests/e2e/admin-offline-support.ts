// Users and sessions for the course e2e tests, before the course issue's demo sign-in:
// users are made by the e2e server's superuser and signed in by writing the SDK's
// LocalAuthStore entry (localStorage `pocketbase_auth`) with an impersonation token.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const SUPERUSER = { identity: 'e2e@atelier.test', password: 'e2e-superuser-password' };
export const COURSE_SLUG = 'whispering-game';

let cachedToken: string | null = null;

/** One superuser sign-in per worker: sign-ins are rate limited (`*:auth` 2 per 3 s). */
export async function superuserToken(request: APIRequestContext): Promise<string> {
  if (cachedToken) return cachedToken;
  for (let attempt = 0; ; attempt++) {
    const res = await request.post('/api/collections/_superusers/auth-with-password', { data: SUPERUSER });
    if (res.status() === 429 && attempt < 5) {
      await new Promise((r) => setTimeout(r, 1500));
      continue;
    }
    expect(res.ok(), `superuser auth ${res.status()}`).toBe(true);
    cachedToken = (await res.json()).token as string;
    return cachedToken;
  }
}

export interface Session {
  token: string;
  record: Record<string, unknown> & { id: string; email: string };
}

let n = 0;
/** A fresh user with a role, and a session token for it (superuser impersonation, 1 h). */
export async function createSession(request: APIRequestContext, role: 'learner' | 'admin', label: string): Promise<Session> {
  const su = await superuserToken(request);
  n += 1;
  const email = `${label}-${Date.now().toString(36)}-${n}@atelier.test`;
  const password = 'x-unused-password-1234';
  const created = await request.post('/api/collections/users/records', {
    headers: { authorization: su },
    data: { email, name: label, role, password, passwordConfirm: password, verified: true },
  });
  expect(created.ok(), `create user ${created.status()} ${await created.text()}`).toBe(true);
  const { id } = await created.json();
  const imp = await request.post(`/api/collections/users/impersonate/${id}`, { headers: { authorization: su }, data: { duration: 3600 } });
  expect(imp.ok()).toBe(true);
  return (await imp.json()) as Session;
}

export async function courseBySlug(request: APIRequestContext, slug = COURSE_SLUG): Promise<{ id: string; title: string }> {
  const su = await superuserToken(request);
  const res = await request.get('/api/collections/courses/records', { headers: { authorization: su }, params: { filter: `slug="${slug}"` } });
  return (await res.json()).items[0];
}

export async function chapters(request: APIRequestContext, courseId: string): Promise<Array<{ id: string; title: string; sort_order: number; video: string; content: string }>> {
  const su = await superuserToken(request);
  const res = await request.get('/api/collections/course_modules/records', { headers: { authorization: su }, params: { filter: `course_id="${courseId}"`, sort: 'sort_order', perPage: '100' } });
  return (await res.json()).items;
}

export async function enroll(request: APIRequestContext, userId: string, courseId: string) {
  const su = await superuserToken(request);
  const res = await request.post('/api/collections/course_enrollments/records', {
    headers: { authorization: su },
    data: { user_id: userId, course_id: courseId, enrolled_at: new Date().toISOString(), source: 'manual' },
  });
  expect(res.ok(), `enroll ${res.status()}`).toBe(true);
}

/** Puts a video on a chapter as the superuser (the learner tests need one). */
export async function setChapterVideo(request: APIRequestContext, chapterId: string, video: Buffer, name = 'chapter.webm') {
  const su = await superuserToken(request);
  const res = await request.patch(`/api/collections/course_modules/records/${chapterId}`, {
    headers: { authorization: su },
    multipart: { video: { name, mimeType: 'video/webm', buffer: video }, duration_seconds: '3' },
  });
  expect(res.ok(), `set video ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as { video: string; collectionId: string };
}

/** Signs the page in as `session` (same origin first, then the SDK's storage key). */
export async function signIn(page: Page, session: Session) {
  await page.goto('/robots.txt');
  await page.evaluate((s) => localStorage.setItem('pocketbase_auth', JSON.stringify(s)), session);
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
