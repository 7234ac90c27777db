// Helpers for the course e2e tests: learners made through the superuser API (each test its
// own, so desktop and phone runs never share progress), a signed-in page, a short video.
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

export const SUPERUSER = { email: 'e2e@atelier.test', password: 'e2e-superuser-password' };
export const COURSE_SLUG = 'whispering-game';

let superToken: string | undefined;

async function superuser(request: APIRequestContext): Promise<string> {
  if (superToken) return superToken;
  for (let attempt = 0; ; attempt++) {
    const res = await request.post('/api/collections/_superusers/auth-with-password', { data: { identity: SUPERUSER.email, password: SUPERUSER.password } });
    if (res.status() === 429 && attempt < 10) {
      await new Promise((r) => setTimeout(r, 1600));
      continue;
    }
    expect(res.ok(), `superuser sign-in ${res.status()}`).toBe(true);
    superToken = ((await res.json()) as { token: string }).token;
    return superToken;
  }
}

export async function asSuperuser<T = Record<string, unknown>>(request: APIRequestContext, method: string, path: string, data?: unknown): Promise<T> {
  const token = await superuser(request);
  const res = await request.fetch(path, { method, headers: { authorization: token }, data });
  expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

export interface Learner {
  id: string;
  email: string;
  token: string;
  record: Record<string, unknown>;
}

/** A new learner with a session token (users sign in with Google; tests impersonate). */
export async function createLearner(request: APIRequestContext, tag: string): Promise<Learner> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const password = 'x-unused-password-1234';
  const record = await asSuperuser<{ id: string }>(request, 'POST', '/api/collections/users/records', { email, password, passwordConfirm: password, verified: true, name: tag, role: 'learner' });
  const imp = await asSuperuser<{ token: string; record: Record<string, unknown> }>(request, 'POST', `/api/collections/users/impersonate/${record.id}`, { duration: 3600 });
  return { id: record.id, email, token: imp.token, record: imp.record };
}

export async function courseId(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/collections/courses/records', { params: { filter: `slug="${COURSE_SLUG}"` } });
  return ((await res.json()) as { items: { id: string }[] }).items[0]!.id;
}

export async function enrol(request: APIRequestContext, learner: Learner) {
  await asSuperuser(request, 'POST', '/api/collections/course_enrollments/records', {
    user_id: learner.id,
    course_id: await courseId(request),
    enrolled_at: new Date().toISOString(),
    source: 'manual',
  });
}

/** Puts the learner's session where the SDK's LocalAuthStore reads it, before any page script. */
export async function signIn(context: BrowserContext, learner: Learner) {
  await context.addInitScript((auth) => {
    if (!localStorage.getItem('pocketbase_auth')) localStorage.setItem('pocketbase_auth', JSON.stringify(auth));
  }, { token: learner.token, record: learner.record });
}

export async function chapters(request: APIRequestContext): Promise<{ id: string; sort_order: number; title: string }[]> {
  const res = await request.get('/api/collections/course_outline/records', { params: { sort: 'sort_order', perPage: '50' } });
  return ((await res.json()) as { items: { id: string; sort_order: number; title: string }[] }).items;
}

/** A 4-second WebM recorded from a canvas in the browser itself (no ffmpeg needed). */
export async function recordTestVideo(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d')!;
    const stream = canvas.captureStream(15);
    const rec = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => {
      rec.onstop = r;
    });
    rec.start(250);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = (performance.now() - started) / 1000;
        ctx.fillStyle = `hsl(${(t * 90) % 360} 60% 40%)`;
        ctx.fillRect(0, 0, 320, 180);
        ctx.fillStyle = '#fff';
        ctx.font = '32px sans-serif';
        ctx.fillText(`${t.toFixed(1)} s`, 110, 100);
        if (t < 4) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    rec.stop();
    await done;
    const buf = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
    let s = '';
    for (const byte of new Uint8Array(buf)) s += String.fromCharCode(byte);
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

/** Uploads the video to a chapter unless it already has one. */
export async function ensureChapterVideo(page: Page, request: APIRequestContext, chapterId: string) {
  const token = await superuser(request);
  const current = await request.get(`/api/collections/course_modules/records/${chapterId}`, { headers: { authorization: token } });
  if (((await current.json()) as { video?: string }).video) return;
  const video = await recordTestVideo(page);
  const res = await request.patch(`/api/collections/course_modules/records/${chapterId}`, {
    headers: { authorization: token },
    multipart: { video: { name: 'chapter-1.webm', mimeType: 'video/webm', buffer: video }, duration_seconds: '4' },
  });
  expect(res.ok(), `upload video ${res.status()} ${await res.text()}`).toBe(true);
}

/** The learner's task ticks as the server holds them. */
export async function serverTicks(request: APIRequestContext, learner: Learner): Promise<Record<string, boolean>> {
  const res = await request.get('/api/collections/user_task_progress/records', { headers: { authorization: learner.token }, params: { perPage: '100' } });
  const items = ((await res.json()) as { items: { task_identifier: string; completed: boolean }[] }).items;
  return Object.fromEntries(items.map((i) => [i.task_identifier, i.completed]));
}
