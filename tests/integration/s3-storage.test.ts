// Media on S3: with S3_* set, PocketBase stores uploaded files in a real S3-compatible
// server (versitygw, started here). Chapter videos stay protected by file tokens, ranges
// work for seeking and for offline downloads, and resumable uploads land there too.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD } from '../../src/lib/contract/contract.gen';
import { asSuperuser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { startS3, type TestS3 } from '../support/s3';
import { api, courseWithRoles, createAsSuperuser, type Loose, unique } from './helpers';
import { seededVideoBytes } from './video-bytes';
import { uploadWhole } from './video-upload-client';

let s3: TestS3;
let pb: TestPocketBase;
let admin = '';
let learner = '';
let enrolled = '';
let courseId = '';
let collectionId = '';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function fileToken(token: string): Promise<string> {
  const res = await api(pb, 'POST', '/api/files/token', token);
  expect(res.status).toBe(200);
  return res.body.token;
}

function fileUrl(chapterId: string, name: string, token?: string): string {
  return `${pb.url}/api/files/course_modules/${chapterId}/${name}${token ? `?token=${token}` : ''}`;
}

/** The object as versitygw stores it: a plain file under <root>/<bucket>/<key>. */
function objectPath(chapterId: string, name: string): string {
  return join(s3.root, 'atelier-media', collectionId, chapterId, name);
}

async function chapterWithVideo(bytes: Uint8Array, name = 'lesson.mp4'): Promise<Loose> {
  const form = new FormData();
  form.append('course_id', courseId);
  form.append('title', unique('Chapter'));
  form.append('sort_order', '1');
  form.append('video', new Blob([bytes as BlobPart], { type: 'video/mp4' }), name);
  return createAsSuperuser(pb, 'course_modules', form);
}

beforeAll(async () => {
  s3 = await startS3();
  pb = await startPocketBase({ env: s3.env });
  const course = await courseWithRoles(pb);
  courseId = course.courseId;
  [admin, learner, enrolled] = [course.admin.token, course.learner.token, course.enrolled.token];
  collectionId = (await api(pb, 'GET', '/api/collections/course_modules', pb.superuser.token)).body.id;
});

afterAll(async () => {
  await pb?.stop();
  await s3?.stop();
});

describe('S3 settings from env', () => {
  it('are applied at boot and reach the server', async () => {
    const settings = (await api(pb, 'GET', '/api/settings', pb.superuser.token)).body;
    expect(settings.s3).toMatchObject({
      enabled: true,
      endpoint: s3.endpoint,
      bucket: 'atelier-media',
      region: 'us-east-1',
      accessKey: s3.env.S3_ACCESS_KEY,
      forcePathStyle: true,
    });
    expect(settings.s3).not.toHaveProperty('secret');
    const test = await asSuperuser(pb, '/api/settings/test/s3', {
      method: 'POST',
      body: JSON.stringify({ filesystem: 'storage' }),
    });
    expect(test.status).toBe(204);
  });

  it('half a configuration stops the server at boot with a message naming what is missing', async () => {
    await expect(startPocketBase({ env: { S3_ENDPOINT: s3.endpoint } })).rejects.toThrow(
      /S3 storage is half configured: set S3_BUCKET, S3_ACCESS_KEY, S3_SECRET as well/,
    );
    await expect(startPocketBase({ env: { ...s3.env, BACKUP_S3_BUCKET: s3.env.S3_BUCKET as string } })).rejects.toThrow(
      /BACKUP_S3_BUCKET must differ from S3_BUCKET/,
    );
    await expect(startPocketBase({ env: { BACKUP_KEEP: 'seven' } })).rejects.toThrow(
      /BACKUP_KEEP must be a whole number of at least 1 \(got "seven"\)/,
    );
  });
});

describe('a chapter video on S3', () => {
  let chapter: Loose;
  const bytes = seededVideoBytes(7 * 1024 * 1024 + 321, 21);

  beforeAll(async () => {
    chapter = await chapterWithVideo(bytes);
  });

  it('is stored in the bucket, not on local disk', () => {
    expect(sha(readFileSync(objectPath(chapter.id, chapter.video)))).toBe(sha(bytes));
    expect(existsSync(join(pb.dataDir, 'storage', collectionId, chapter.id))).toBe(false);
  });

  it('is read back whole with a file token', async () => {
    const res = await fetch(fileUrl(chapter.id, chapter.video, await fileToken(enrolled)));
    expect(res.status).toBe(200);
    expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(bytes));
  });

  it('seeks with Range (206) and tells its size to HEAD, as the player and offline downloads ask', async () => {
    const url = fileUrl(chapter.id, chapter.video, await fileToken(enrolled));
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(head.headers.get('accept-ranges')).toBe('bytes');

    const start = 5 * 1024 * 1024 + 17;
    const part = await fetch(url, { headers: { range: `bytes=${start}-${start + 99_999}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${start + 99_999}/${bytes.byteLength}`);
    expect(sha(new Uint8Array(await part.arrayBuffer()))).toBe(sha(bytes.subarray(start, start + 100_000)));

    // an open-ended range from the middle, as a resumed download asks
    const rest = await fetch(url, { headers: { range: `bytes=${start}-` } });
    expect(rest.status).toBe(206);
    expect(sha(new Uint8Array(await rest.arrayBuffer()))).toBe(sha(bytes.subarray(start)));
  });

  it('is refused without a token, with a bad one, and to a learner who is not enrolled', async () => {
    expect((await fetch(fileUrl(chapter.id, chapter.video))).status).toBe(404);
    expect((await fetch(fileUrl(chapter.id, chapter.video, 'not-a-token'))).status).toBe(404);
    expect((await fetch(fileUrl(chapter.id, chapter.video, await fileToken(learner)))).status).toBe(404);
    expect((await fetch(fileUrl(chapter.id, chapter.video, await fileToken(admin)))).status).toBe(200);
  });
});

describe('a resumable upload with S3', () => {
  it('lands in the bucket, archives the old video there, and says where it went', async () => {
    const before = seededVideoBytes(1024, 22);
    const chapter = await chapterWithVideo(before, 'before.mp4');
    const bytes = seededVideoBytes(VIDEO_UPLOAD.chunkBytes + 4096, 23);
    const url = await uploadWhole(pb.url, admin, chapter.id, bytes, 'after.mp4');
    let status: Loose = null;
    for (let i = 0; i < 50 && status?.state !== 'done'; i++) {
      status = await (await fetch(`${url}/finalise`, { method: 'POST', headers: { authorization: admin } })).json();
      expect(status.state).not.toBe('failed');
    }
    expect(status).toMatchObject({ state: 'done', storage: 's3' });
    expect(sha(readFileSync(objectPath(chapter.id, status.chapter.video)))).toBe(sha(bytes));
    // the replaced video stays in the bucket and keeps being served
    expect(sha(readFileSync(objectPath(chapter.id, chapter.video)))).toBe(sha(before));
    const old = await fetch(fileUrl(chapter.id, chapter.video, await fileToken(enrolled)));
    expect(old.status).toBe(200);
  });
});
