// Resumable chapter-video uploads (tus) against a real PocketBase: who may upload, what a
// creation must declare, chunks checked and appended at the right offset only, cut
// connections and resumes, the file verified before it replaces the chapter's video,
// uploads finished by the cron job, and abandoned uploads removed after a day.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chunkChecksum, fileDigest } from '../../src/features/admin/model/file-digest';
import { VIDEO_UPLOAD } from '../../src/lib/contract/contract.gen';
import { asSuperuser, createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { api, courseWithRoles, createAsSuperuser, getRecord, type Loose, tinyMp4, unique } from './helpers';
import { fileChecksum, startUpload, uploadMetadata } from './video-upload-client';
import { seededVideoBytes } from './video-bytes';

let pb: TestPocketBase;
let admin = '';
let otherAdmin = '';
let learner = '';
let enrolled = '';
let courseId = '';
const MiB = 1024 * 1024;

async function newChapter(): Promise<Loose> {
  const form = new FormData();
  form.append('course_id', courseId);
  form.append('title', unique('Chapter'));
  form.append('sort_order', '1');
  form.append('video', tinyMp4(), 'original.mp4');
  return createAsSuperuser(pb, 'course_modules', form);
}

const create = (token: string | null, length: number, fields: Record<string, string>) =>
  startUpload(pb.url, token, length, fields);

async function createFor(chapterId: string, bytes: Uint8Array, token = admin, extra: Record<string, string> = {}) {
  const res = await create(token, bytes.byteLength, {
    chapter: chapterId,
    filename: 'lesson one.mp4',
    filetype: 'video/mp4',
    sha256: fileChecksum(bytes),
    duration: '754',
    ...extra,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get('location') as string;
  expect(location).toMatch(new RegExp(`^${VIDEO_UPLOAD.path}/[a-z0-9]{20}$`));
  return `${pb.url}${location}`;
}

async function head(url: string, token = admin): Promise<Response> {
  return fetch(url, { method: 'HEAD', headers: { authorization: token, 'tus-resumable': '1.0.0' } });
}

async function offsetOf(url: string): Promise<number> {
  const res = await head(url);
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

async function patch(
  url: string,
  offset: number,
  chunk: Uint8Array,
  opts: { token?: string; checksum?: string | null } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    authorization: opts.token ?? admin,
    'tus-resumable': '1.0.0',
    'content-type': 'application/offset+octet-stream',
    'upload-offset': String(offset),
  };
  const checksum = opts.checksum === undefined ? await chunkChecksum(chunk) : opts.checksum;
  if (checksum) headers['upload-checksum'] = checksum;
  return fetch(url, { method: 'PATCH', headers, body: chunk as BodyInit });
}

async function sendAll(
  url: string,
  bytes: Uint8Array,
  from = 0,
  chunk: number = VIDEO_UPLOAD.chunkBytes,
): Promise<void> {
  for (let offset = from; offset < bytes.byteLength; offset += chunk) {
    const res = await patch(url, offset, bytes.subarray(offset, offset + chunk));
    expect(res.status, await res.clone().text()).toBe(204);
  }
}

async function finalise(url: string, token = admin): Promise<{ status: number; body: Loose }> {
  const res = await fetch(`${url}/finalise`, { method: 'POST', headers: { authorization: token } });
  return { status: res.status, body: await res.json() };
}

async function finaliseUntilSettled(url: string): Promise<Loose> {
  for (let i = 0; i < 100; i++) {
    const { status, body } = await finalise(url);
    expect(status).toBe(200);
    if (body.state === 'done' || body.state === 'failed') return body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the upload did not settle');
}

/**
 * A PATCH over a raw connection: declares `declared` bytes (default: the chunk's), sends
 * the first `sendBytes` of the chunk, then waits for an answer or cuts the connection
 * (a dropped line mid-request). Resolves with the status, or 0 when cut.
 */
function rawPatch(
  url: string,
  offset: number,
  chunk: Uint8Array,
  opts: { sendBytes: number; declared?: number; cut?: boolean },
): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'PATCH',
      headers: {
        authorization: admin,
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'upload-checksum': `sha256 ${createHash('sha256').update(chunk).digest('base64')}`,
        'content-length': String(opts.declared ?? chunk.byteLength),
      },
    });
    req.on('error', () => resolve(0));
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.write(chunk.subarray(0, opts.sendBytes), () => {
      if (opts.cut) setTimeout(() => req.destroy(), 100);
    });
  });
}

async function readVideo(chapterId: string, name: string): Promise<Uint8Array> {
  const { body } = await api(pb, 'POST', '/api/files/token', enrolled);
  const res = await fetch(`${pb.url}/api/files/course_modules/${chapterId}/${name}?token=${body.token}`);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  pb = await startPocketBase();
  const course = await courseWithRoles(pb);
  courseId = course.courseId;
  [admin, learner, enrolled] = [course.admin.token, course.learner.token, course.enrolled.token];
  otherAdmin = (await createUser(pb, { email: 'admin2@atelier.test', role: 'admin' })).token;
});

afterAll(async () => {
  await pb?.stop();
});

// Each test starts with no unfinished uploads (an admin may keep only a few open at once):
// what a test left open is removed as the daily sweep would.
afterEach(() => {
  const dir = join(pb.dataDir, 'video_uploads');
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const id = name.slice(0, -'.json'.length);
    const state = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { state: string };
    if (state.state === 'done' || state.state === 'failed') continue;
    for (const path of [`${id}.json`, `${id}.bin`, id]) rmSync(join(dir, path), { recursive: true, force: true });
  }
});

describe('creating an upload', () => {
  it('only admins may: anonymous 401, learners 403', async () => {
    const chapter = await newChapter();
    const fields = { chapter: chapter.id, filename: 'a.mp4', filetype: 'video/mp4', sha256: 'a'.repeat(64) };
    const files = () =>
      existsSync(join(pb.dataDir, 'video_uploads')) ? readdirSync(join(pb.dataDir, 'video_uploads')) : [];
    const before = files();
    expect((await create(null, 100, fields)).status).toBe(401);
    expect((await create(learner, 100, fields)).status).toBe(403);
    expect((await create(enrolled, 100, fields)).status).toBe(403);
    // a refusal stores nothing (the handler stops after answering)
    expect(files()).toEqual(before);
    expect((await create(admin, 100, fields)).status).toBe(201);
  });

  it('refuses what cannot become a chapter video, saying why', async () => {
    const chapter = await newChapter();
    const ok = { chapter: chapter.id, filename: 'a.mp4', filetype: 'video/mp4', sha256: 'a'.repeat(64) };
    const cases: [number, Record<string, string>, number, RegExp][] = [
      [0, ok, 400, /Upload-Length/],
      [4 * 1024 ** 3 + 1, ok, 413, /larger than the server accepts \(4 GB\)/],
      [100, { ...ok, filetype: 'text/plain' }, 400, /Only video files/],
      [100, { ...ok, filename: '' }, 400, /name the file/],
      [100, { ...ok, sha256: 'not-a-digest' }, 400, /checksum/],
      [100, { ...ok, duration: '1.5' }, 400, /whole seconds/],
      [100, { ...ok, chapter: 'nosuchchapter00' }, 404, /chapter was not found/],
    ];
    for (const [length, fields, status, message] of cases) {
      const res = await create(admin, length, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect((await res.json()).message).toMatch(message);
    }
    // a 4 GiB file is accepted
    expect((await create(admin, 4 * 1024 ** 3, ok)).status).toBe(201);
  });

  it('asks for the tus version', async () => {
    const chapter = await newChapter();
    const res = await fetch(`${pb.url}${VIDEO_UPLOAD.path}`, {
      method: 'POST',
      headers: {
        authorization: admin,
        'upload-length': '10',
        'upload-metadata': uploadMetadata({ chapter: chapter.id }),
      },
    });
    expect(res.status).toBe(412);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
  });
});

describe('what one admin may keep open', () => {
  const GiB = 1024 ** 3;
  const fields = (chapter: string) => ({
    chapter,
    filename: 'a.mp4',
    filetype: 'video/mp4',
    sha256: 'a'.repeat(64),
  });

  it(`at most ${VIDEO_UPLOAD.maxOpenPerAdmin} unfinished uploads and ${VIDEO_UPLOAD.maxOpenBytesPerAdmin / 1e9} GB, refused with a clear 4xx`, async () => {
    const chapter = await newChapter();
    const one = await create(admin, 4 * GiB, fields(chapter.id));
    expect(one.status).toBe(201);
    expect((await create(admin, 4 * GiB, fields(chapter.id))).status).toBe(201);
    // 8.6 GB open: another 4 GiB would hold more than 12 GB
    const tooBig = await create(admin, 4 * GiB, fields(chapter.id));
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toBe(
      'Your unfinished uploads would hold more than 12 GB. Finish or discard one of them first.',
    );
    expect((await create(admin, 2 * GiB, fields(chapter.id))).status).toBe(201);
    const fourth = await create(admin, 100, fields(chapter.id));
    expect(fourth.status).toBe(403);
    expect((await fourth.json()).message).toBe(
      'You have 3 unfinished uploads. Finish or discard one of them before starting another.',
    );
    // another admin has their own allowance
    expect((await create(otherAdmin, 100, fields(chapter.id))).status).toBe(201);
    // discarding one frees a place
    const url = `${pb.url}${one.headers.get('location')}`;
    expect(
      (await fetch(url, { method: 'DELETE', headers: { authorization: admin, 'tus-resumable': '1.0.0' } })).status,
    ).toBe(204);
    expect((await create(admin, 100, fields(chapter.id))).status).toBe(201);
  });

  it('a finished upload is not attached for someone who is no longer an admin', async () => {
    const chapter = await newChapter();
    const demoted = await createUser(pb, { email: 'soon-not-admin@atelier.test', role: 'admin' });
    const bytes = seededVideoBytes(MiB + 3, 14);
    const url = await createFor(chapter.id, bytes, demoted.token);
    for (let offset = 0; offset < bytes.byteLength; offset += VIDEO_UPLOAD.chunkBytes) {
      const res = await patch(url, offset, bytes.subarray(offset, offset + VIDEO_UPLOAD.chunkBytes), {
        token: demoted.token,
      });
      expect(res.status).toBe(204);
    }
    // the role goes before the upload is attached; the cron job would attach it
    const res = await api(pb, 'PATCH', `/api/collections/users/records/${demoted.id}`, pb.superuser.token, {
      role: 'learner',
    });
    expect(res.status).toBe(200);
    expect((await asSuperuser(pb, '/api/crons/video_uploads_finalise', { method: 'POST' })).status).toBe(204);
    const id = url.split('/').pop() as string;
    const statePath = join(pb.dataDir, 'video_uploads', `${id}.json`);
    await expect
      .poll(() => (JSON.parse(readFileSync(statePath, 'utf8')) as { state: string }).state, { timeout: 20_000 })
      .toBe('failed');
    expect(JSON.parse(readFileSync(statePath, 'utf8')).error).toBe(
      'The account that uploaded this video is no longer an admin: it was not attached.',
    );
    expect((await getRecord(pb, 'course_modules', chapter.id)).video).toBe(chapter.video);
  });
});

describe('sending chunks', () => {
  it('appends only a checked chunk at the current offset', async () => {
    const chapter = await newChapter();
    const bytes = seededVideoBytes(3 * MiB, 1);
    const url = await createFor(chapter.id, bytes);
    const first = bytes.subarray(0, MiB);

    const wrongSum = await patch(url, 0, first, { checksum: await chunkChecksum(bytes.subarray(1, MiB + 1)) });
    expect(wrongSum.status).toBe(460);
    expect((await patch(url, 0, first, { checksum: null })).status).toBe(400);
    expect((await patch(url, 0, first, { checksum: 'md5 abc' })).status).toBe(400);
    expect(await offsetOf(url)).toBe(0);

    const ok = await patch(url, 0, first);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('upload-offset')).toBe(String(MiB));
    // a repeated or skipped offset is refused with the real one
    for (const offset of [0, 2 * MiB]) {
      const res = await patch(url, offset, bytes.subarray(offset, offset + MiB));
      expect(res.status).toBe(409);
      expect(res.headers.get('upload-offset')).toBe(String(MiB));
    }
    // nothing past the declared length
    const tooLong = await patch(url, MiB, seededVideoBytes(2 * MiB + 1, 9));
    expect(tooLong.status).toBe(413);
    expect(await offsetOf(url)).toBe(MiB);
  });

  it('refuses a chunk larger than the limit before reading it', async () => {
    const chapter = await newChapter();
    const bytes = seededVideoBytes(VIDEO_UPLOAD.maxChunkBytes + 1, 2);
    const url = await createFor(chapter.id, bytes);
    // declares the whole size but sends 1 KiB: only an answer given before reading can come back
    expect(await rawPatch(url, 0, bytes, { sendBytes: 1024 })).toBe(413);
    expect(await offsetOf(url)).toBe(0);
  });

  it('a connection cut mid-chunk leaves the offset where the chunk started', async () => {
    const chapter = await newChapter();
    const bytes = seededVideoBytes(3 * MiB, 3);
    const url = await createFor(chapter.id, bytes);
    await sendAll(url, bytes.subarray(0, MiB), 0, MiB);
    await rawPatch(url, MiB, bytes.subarray(MiB, 2 * MiB), { sendBytes: MiB / 2, cut: true });
    // the server notices the cut once its read fails; poll briefly
    await expect.poll(() => offsetOf(url)).toBe(MiB);
    expect((await patch(url, MiB, bytes.subarray(MiB, 2 * MiB))).status).toBe(204);
  });

  it("an admin cannot see, continue or cancel another admin's upload", async () => {
    const chapter = await newChapter();
    const bytes = seededVideoBytes(MiB, 4);
    const url = await createFor(chapter.id, bytes);
    expect((await head(url, otherAdmin)).status).toBe(404);
    expect((await patch(url, 0, bytes, { token: otherAdmin })).status).toBe(404);
    expect(
      (await fetch(url, { method: 'DELETE', headers: { authorization: otherAdmin, 'tus-resumable': '1.0.0' } })).status,
    ).toBe(404);
    expect((await finalise(url, otherAdmin)).status).toBe(404);
    expect((await head(url, learner)).status).toBe(403);
    expect(await offsetOf(url)).toBe(0);
  });

  it('a canceled upload is gone', async () => {
    const chapter = await newChapter();
    const bytes = seededVideoBytes(2 * MiB, 5);
    const url = await createFor(chapter.id, bytes);
    await sendAll(url, bytes.subarray(0, MiB), 0, MiB);
    const res = await fetch(url, { method: 'DELETE', headers: { authorization: admin, 'tus-resumable': '1.0.0' } });
    expect(res.status).toBe(204);
    expect((await head(url)).status).toBe(404);
  });
});

describe('finishing an upload', () => {
  it('verifies the file, then it replaces the chapter video and the old one is archived', async () => {
    const chapter = await newChapter();
    // not a multiple of the block size, so the last block and chunk are short
    const bytes = seededVideoBytes(2 * VIDEO_UPLOAD.digestBlockBytes + 12345, 6);
    const url = await createFor(chapter.id, bytes);
    await sendAll(url, bytes.subarray(0, VIDEO_UPLOAD.chunkBytes));
    // not complete yet: the finalise poll says so and changes nothing
    const early = await finalise(url);
    expect(early.body).toMatchObject({
      state: 'receiving',
      received: VIDEO_UPLOAD.chunkBytes,
      length: bytes.byteLength,
    });
    await sendAll(url, bytes, VIDEO_UPLOAD.chunkBytes);
    expect(await offsetOf(url)).toBe(bytes.byteLength);

    const done = await finaliseUntilSettled(url);
    expect(done).toMatchObject({ state: 'done', storage: 'local', message: '' });
    expect(done.chapter.video).toMatch(/^lesson_one_\w+\.mp4$/);
    expect(done.chapter.duration_seconds).toBe(754);
    expect(done.chapter).not.toHaveProperty('video_archive');
    expect(sha(await readVideo(chapter.id, done.chapter.video))).toBe(sha(bytes));
    const stored = await getRecord(pb, 'course_modules', chapter.id);
    expect(stored.video).toBe(done.chapter.video);
    expect(stored.video_archive).toEqual([chapter.video]);
    // the replaced file is still served to learners mid-chapter
    expect((await readVideo(chapter.id, chapter.video)).byteLength).toBe(32);
    // polling again answers the same outcome
    expect((await finalise(url)).body).toMatchObject({ state: 'done' });
  });

  it('a file continued with different bytes fails verification and leaves the chapter alone', async () => {
    const chapter = await newChapter();
    const bytes = seededVideoBytes(2 * MiB, 7);
    const url = await createFor(chapter.id, bytes);
    await sendAll(url, bytes.subarray(0, MiB), 0, MiB);
    const other = seededVideoBytes(2 * MiB, 8);
    await sendAll(url, other, MiB, MiB);
    const outcome = await finaliseUntilSettled(url);
    expect(outcome.state).toBe('failed');
    expect(outcome.message).toMatch(/does not match the chosen one/);
    expect((await getRecord(pb, 'course_modules', chapter.id)).video).toBe(chapter.video);
  });

  it('a file that is not really a video is refused when it is stored', async () => {
    const chapter = await newChapter();
    const bytes = new TextEncoder().encode('plain text, not a video\n'.repeat(1000));
    const url = await createFor(chapter.id, bytes);
    await sendAll(url, bytes);
    const outcome = await finaliseUntilSettled(url);
    expect(outcome.state).toBe('failed');
    expect(outcome.message).toMatch(/Storing the video failed/);
    expect((await getRecord(pb, 'course_modules', chapter.id)).video).toBe(chapter.video);
  });

  it('the cron job finishes a complete upload nobody polls', async () => {
    const chapter = await newChapter();
    const bytes = seededVideoBytes(MiB + 7, 10);
    const url = await createFor(chapter.id, bytes, admin, { duration: '0' });
    await sendAll(url, bytes);
    expect((await asSuperuser(pb, '/api/crons/video_uploads_finalise', { method: 'POST' })).status).toBe(204);
    await expect
      .poll(async () => (await getRecord(pb, 'course_modules', chapter.id)).video, { timeout: 20_000 })
      .not.toBe(chapter.video);
    const stored = await getRecord(pb, 'course_modules', chapter.id);
    expect(stored.duration_seconds).toBe(0);
    expect(sha(await readVideo(chapter.id, stored.video))).toBe(sha(bytes));
  });
});

describe('tus-js-client', () => {
  it('uploads in chunks, is cut off, resumes from the stored offset, and the stored file is byte-identical', async () => {
    const chapter = await newChapter();
    const bytes = seededVideoBytes(3 * VIDEO_UPLOAD.chunkBytes + 999, 11);
    const file = new Blob([bytes as BlobPart], { type: 'video/mp4' });
    const digest = await fileDigest(file);
    expect(digest).toBe(fileChecksum(bytes));

    const patchOffsets: number[] = [];
    const options = (onProgress?: (sent: number) => void): tus.UploadOptions => ({
      endpoint: `${pb.url}${VIDEO_UPLOAD.path}`,
      chunkSize: VIDEO_UPLOAD.chunkBytes,
      retryDelays: [],
      metadata: { chapter: chapter.id, filename: 'resumed.mp4', filetype: 'video/mp4', sha256: digest, duration: '9' },
      headers: { authorization: admin },
      onBeforeRequest: (req) => {
        if (req.getMethod() === 'PATCH') patchOffsets.push(Number(req.getHeader('Upload-Offset')));
      },
      httpStack: checksumStack(),
      onProgress: (sent) => onProgress?.(sent),
    });

    let url = '';
    await new Promise<void>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(Buffer.from(bytes), {
        ...options((sent) => {
          if (sent > VIDEO_UPLOAD.chunkBytes * 1.5) {
            url = upload.url as string;
            void upload.abort().then(resolve);
          }
        }),
        onError: reject,
      });
      upload.start();
    });
    // the abort came after at least one whole chunk and before the last
    const stopped = await offsetOf(url);
    expect([VIDEO_UPLOAD.chunkBytes, 2 * VIDEO_UPLOAD.chunkBytes]).toContain(stopped);
    const firstRun = patchOffsets.length;

    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(Buffer.from(bytes), {
        ...options(),
        uploadUrl: url,
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    // the second run started where the server was, not at 0
    expect(patchOffsets[firstRun]).toBe(stopped);
    expect(patchOffsets.filter((o) => o === 0)).toHaveLength(1);
    const done = await finaliseUntilSettled(url);
    expect(done.state).toBe('done');
    expect(sha(await readVideo(chapter.id, done.chapter.video))).toBe(sha(bytes));
  });
});

describe('abandoned uploads', () => {
  it('are removed a day after their last chunk; recent ones stay', async () => {
    const chapter = await newChapter();
    const stale = await createFor(chapter.id, seededVideoBytes(MiB, 12));
    await sendAll(stale, seededVideoBytes(MiB, 12).subarray(0, MiB / 2), 0, MiB / 2);
    const fresh = await createFor(chapter.id, seededVideoBytes(MiB, 13));
    const id = stale.split('/').pop() as string;
    const dayAndAHourAgo = new Date(Date.now() - 25 * 3600 * 1000);
    for (const ext of ['bin', 'json'])
      utimesSync(join(pb.dataDir, 'video_uploads', `${id}.${ext}`), dayAndAHourAgo, dayAndAHourAgo);

    expect((await asSuperuser(pb, '/api/crons/video_uploads_sweep', { method: 'POST' })).status).toBe(204);
    await expect.poll(async () => (await head(stale)).status).toBe(404);
    expect((await head(fresh)).status).toBe(200);
  });
});

/** tus-js-client's default stack plus an Upload-Checksum on every PATCH (as the PWA sends). */
function checksumStack(): tus.HttpStack {
  const inner = new tus.DefaultHttpStack({});
  return {
    getName: () => 'checksum',
    createRequest(method, url) {
      const req = inner.createRequest(method, url);
      const send = req.send.bind(req);
      req.send = async (body: unknown) => {
        if (method === 'PATCH' && body)
          req.setHeader('Upload-Checksum', await chunkChecksum(new Uint8Array(body as Buffer)));
        return send(body);
      };
      return req;
    },
  };
}
