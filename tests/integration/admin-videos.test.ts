// /admin/videos against a real PocketBase: only admins write chapters, the video field
// takes real video files up to 4 GB (a 200 MB upload streams through), and a failed,
// interrupted, replaced or removed upload never loses the video learners are watching.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { api, courseWithRoles, createAsSuperuser, getRecord, type Loose, tinyMp4, unique } from './helpers';

let pb: TestPocketBase;
const tokens: Record<'anon' | 'learner' | 'enrolled' | 'admin', string | null> = {
  anon: null,
  learner: null,
  enrolled: null,
  admin: null,
};
let courseId = '';

const records = '/api/collections/course_modules/records';

async function newChapter(withVideo = true): Promise<Loose> {
  const form = new FormData();
  form.append('course_id', courseId);
  form.append('title', unique('Chapter'));
  form.append('sort_order', '1');
  form.append('content', 'Original text.');
  if (withVideo) form.append('video', tinyMp4(), 'original.mp4');
  return createAsSuperuser(pb, 'course_modules', form);
}

async function fileToken(token: string): Promise<string> {
  const res = await api(pb, 'POST', '/api/files/token', token);
  expect(res.status).toBe(200);
  return res.body.token;
}

async function fetchVideo(chapterId: string, name: string, init: RequestInit = {}): Promise<Response> {
  const t = await fileToken(tokens.enrolled as string);
  return fetch(`${pb.url}/api/files/course_modules/${chapterId}/${name}?token=${t}`, init);
}

function videoForm(blob: Blob, name: string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('video', blob, name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

/** An mp4-looking payload of `size` bytes (ftyp box first, so PocketBase sniffs video/mp4). */
function* mp4Chunks(size: number, chunk = 1 << 20): Generator<Uint8Array> {
  const head = new Uint8Array(tinyMp4Bytes());
  yield head;
  let left = size - head.byteLength;
  const filler = new Uint8Array(chunk).fill(0x2a);
  while (left > 0) {
    const n = Math.min(chunk, left);
    yield n === chunk ? filler : filler.subarray(0, n);
    left -= n;
  }
}

function tinyMp4Bytes(): number[] {
  return [
    0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0x00, 0x00, 0x00, 0x00, 0x6d, 0x70, 0x34,
    0x32, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x00, 0x08, 0x66, 0x72, 0x65, 0x65,
  ];
}

interface StreamOptions {
  chapterId: string;
  token: string;
  size: number;
  /** Destroy the connection after this many body bytes (an interrupted upload). */
  abortAfter?: number;
  /** Declare this Content-Length instead of the real one. */
  declaredLength?: number;
}

/**
 * PATCHes a multipart body generated chunk by chunk, so a 200 MB upload never sits in
 * memory. Resolves with the status, or `aborted` when the connection was cut on purpose.
 */
function streamUpload(opts: StreamOptions): Promise<{ status: number; body: Loose } | 'aborted'> {
  const boundary = `----atelier${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="duration_seconds"\r\n\r\n61\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = opts.declaredLength ?? head.byteLength + opts.size + tail.byteLength;
  const url = new URL(`${pb.url}${records}/${opts.chapterId}`);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'PATCH',
      headers: {
        authorization: opts.token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
      },
    });
    let aborted = false;
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', (err) => (aborted ? resolve('aborted') : reject(err)));
    const chunks = [head, ...mp4Chunks(opts.size), tail];
    let i = 0;
    let sent = 0;
    const pump = () => {
      while (i < chunks.length) {
        if (opts.abortAfter !== undefined && sent >= opts.abortAfter) {
          aborted = true;
          req.once('close', () => resolve('aborted'));
          req.destroy();
          return;
        }
        const c = chunks[i++] as Uint8Array;
        sent += c.byteLength;
        if (!req.write(c)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

beforeAll(async () => {
  pb = await startPocketBase();
  const course = await courseWithRoles(pb);
  courseId = course.courseId;
  tokens.learner = course.learner.token;
  tokens.enrolled = course.enrolled.token;
  tokens.admin = course.admin.token;
});

afterAll(async () => {
  await pb?.stop();
});

describe('who may change a chapter', () => {
  it.each(['anon', 'learner', 'enrolled'] as const)('%s cannot edit the text or upload a video', async (role) => {
    const chapter = await newChapter();
    const text = await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens[role], { content: 'Hacked' });
    expect(text.status).toBe(404);
    const upload = await api(
      pb,
      'PATCH',
      `${records}/${chapter.id}`,
      tokens[role],
      videoForm(tinyMp4(), 'evil.mp4', { duration_seconds: '5' }),
    );
    expect(upload.status).toBe(404);
    const removal = await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens[role], { video: null });
    expect(removal.status).toBe(404);
    const after = await getRecord(pb, 'course_modules', chapter.id);
    expect(after.content).toBe('Original text.');
    expect(after.video).toBe(chapter.video);
    expect(after.duration_seconds).toBe(0);
  });

  it('an admin edits the text, uploads a video with its duration and removes it again', async () => {
    const chapter = await newChapter(false);
    const text = await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens.admin, { content: 'New text' });
    expect(text.status).toBe(200);
    expect(text.body.content).toBe('New text');
    const upload = await api(
      pb,
      'PATCH',
      `${records}/${chapter.id}`,
      tokens.admin,
      videoForm(tinyMp4(), 'intro.mp4', { duration_seconds: '125' }),
    );
    expect(upload.status).toBe(200);
    expect(upload.body.video).toMatch(/^intro_\w+\.mp4$/);
    expect(upload.body.duration_seconds).toBe(125);
    // the archive is server-only: never in an API answer to admins or learners
    expect(upload.body).not.toHaveProperty('video_archive');
    const removal = await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens.admin, {
      // as /admin/videos sends it (a null number is refused: lib/http/record-input.js)
      video: null,
      duration_seconds: 0,
    });
    expect(removal.status).toBe(200);
    expect(removal.body.video).toBe('');
    expect(removal.body.duration_seconds).toBe(0);
  });

  it('admins cannot create or delete chapters, nor fill the archive themselves', async () => {
    const chapter = await newChapter();
    expect((await api(pb, 'DELETE', `${records}/${chapter.id}`, tokens.admin)).status).toBe(403);
    expect(
      (await api(pb, 'POST', records, tokens.admin, { course_id: courseId, title: 'X', sort_order: 3 })).status,
    ).toBe(403);
    const sneaky = new FormData();
    sneaky.append('video_archive', tinyMp4(), 'sneaky.mp4');
    expect((await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens.admin, sneaky)).status).toBe(200);
    expect((await getRecord(pb, 'course_modules', chapter.id)).video_archive).toEqual([]);
  });

  it("a stranger's large upload is refused before its body is read", async () => {
    const chapter = await newChapter();
    // declares 1 GiB but sends 1 KiB: an answer can only come from a limit checked before the body
    const res = await streamUpload({
      chapterId: chapter.id,
      token: tokens.learner as string,
      size: 1024,
      declaredLength: 1024 ** 3,
    });
    expect(res).not.toBe('aborted');
    expect((res as { status: number }).status).toBe(413);
    expect((await getRecord(pb, 'course_modules', chapter.id)).video).toBe(chapter.video);
  });

  it('a learner who sends a small chapter update is refused by the rules (404), and nothing changes', async () => {
    const chapter = await newChapter();
    const res = await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens.learner, { title: 'Mine now' });
    expect(res.status).toBe(404);
    expect((await getRecord(pb, 'course_modules', chapter.id)).title).toBe(chapter.title);
  });
});

describe('the video field', () => {
  it('takes video files up to at least 2 GB (the schema allows 4 GiB)', async () => {
    const res = await api(pb, 'GET', '/api/collections/course_modules', pb.superuser.token);
    const video = res.body.fields.find((f: Loose) => f.name === 'video');
    expect(video).toMatchObject({ type: 'file', protected: true, maxSelect: 1 });
    expect(video.maxSize).toBeGreaterThanOrEqual(2 * 1024 ** 3);
    expect(video.mimeTypes).toEqual(expect.arrayContaining(['video/mp4', 'video/webm']));
    expect(video.mimeTypes.every((m: string) => m.startsWith('video/'))).toBe(true);
  });

  it('refuses a file that is not a video and keeps the previous one', async () => {
    const chapter = await newChapter();
    const res = await api(
      pb,
      'PATCH',
      `${records}/${chapter.id}`,
      tokens.admin,
      videoForm(new Blob(['just some text\n'.repeat(50)], { type: 'video/mp4' }), 'notes.mp4'),
    );
    expect(res.status).toBe(400);
    expect(res.body.data.video.code).toBe('validation_invalid_mime_type');
    const after = await getRecord(pb, 'course_modules', chapter.id);
    expect(after.video).toBe(chapter.video);
    expect((await fetchVideo(chapter.id, chapter.video)).status).toBe(200);
  });

  it('refuses a body larger than the 256 MB request cap before reading it (videos arrive in chunks)', async () => {
    const chapter = await newChapter();
    const res = await streamUpload({
      chapterId: chapter.id,
      token: tokens.admin as string,
      size: 1024,
      declaredLength: 256 * 1024 ** 2 + 1,
    });
    expect(res).not.toBe('aborted');
    expect((res as { status: number }).status).toBe(413);
    expect((await getRecord(pb, 'course_modules', chapter.id)).video).toBe(chapter.video);
  });

  it('a 200 MB upload streams through, and learners can seek in it (206)', async () => {
    const chapter = await newChapter(false);
    const size = 200 * 1024 * 1024;
    const res = await streamUpload({ chapterId: chapter.id, token: tokens.admin as string, size });
    expect(res).not.toBe('aborted');
    const ok = res as { status: number; body: Loose };
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.video).toMatch(/^big_\w+\.mp4$/);
    expect(ok.body.duration_seconds).toBe(61);
    const head = await fetchVideo(chapter.id, ok.body.video, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(size);
    const part = await fetchVideo(chapter.id, ok.body.video, { headers: { range: 'bytes=104857600-104857699' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 104857600-104857699/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  }, 180_000);

  it('an interrupted upload leaves the previous video in place', async () => {
    const chapter = await newChapter();
    const res = await streamUpload({
      chapterId: chapter.id,
      token: tokens.admin as string,
      size: 20 * 1024 * 1024,
      abortAfter: 8 * 1024 * 1024,
    });
    expect(res).toBe('aborted');
    const after = await getRecord(pb, 'course_modules', chapter.id);
    expect(after.video).toBe(chapter.video);
    expect((await fetchVideo(chapter.id, chapter.video)).status).toBe(200);
  }, 60_000);
});

describe('replacing or removing a video keeps the stored file', () => {
  it('the old file stays reachable under its old URL for enrolled learners (mid-chapter playback)', async () => {
    const chapter = await newChapter();
    const old = chapter.video as string;
    const replaced = await api(
      pb,
      'PATCH',
      `${records}/${chapter.id}`,
      tokens.admin,
      videoForm(tinyMp4(), 'second.mp4', { duration_seconds: '30' }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.video).not.toBe(old);
    expect((await fetchVideo(chapter.id, old)).status).toBe(200);
    expect((await fetchVideo(chapter.id, old, { headers: { range: 'bytes=0-7' } })).status).toBe(206);
    expect((await fetchVideo(chapter.id, replaced.body.video)).status).toBe(200);

    const removed = await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens.admin, {
      video: null,
      duration_seconds: 0,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.video).toBe('');
    expect((await fetchVideo(chapter.id, replaced.body.video)).status).toBe(200);
    expect((await getRecord(pb, 'course_modules', chapter.id)).video_archive).toEqual([old, replaced.body.video]);

    // still protected: a learner who is not enrolled gets nothing
    const t = await fileToken(tokens.learner as string);
    expect((await fetch(`${pb.url}/api/files/course_modules/${chapter.id}/${old}?token=${t}`)).status).toBe(404);
  });

  it('editing only the text leaves the archive alone', async () => {
    const chapter = await newChapter();
    await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens.admin, { content: 'Only text' });
    const after = await getRecord(pb, 'course_modules', chapter.id);
    expect(after.video).toBe(chapter.video);
    expect(after.video_archive).toEqual([]);
  });

  it('the artist frees space by removing archive entries in the admin UI, which deletes the file', async () => {
    const chapter = await newChapter();
    const old = chapter.video as string;
    await api(pb, 'PATCH', `${records}/${chapter.id}`, tokens.admin, videoForm(tinyMp4(), 'next.mp4'));
    expect((await fetchVideo(chapter.id, old)).status).toBe(200);
    const cleared = await api(pb, 'PATCH', `${records}/${chapter.id}`, pb.superuser.token, { 'video_archive-': [old] });
    expect(cleared.status).toBe(200);
    expect((await fetchVideo(chapter.id, old)).status).toBe(404);
  });
});
