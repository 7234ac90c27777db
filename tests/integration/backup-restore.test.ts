// The backup drill: seed, `npm run backup`, change and delete data (a file included),
// `npm run restore`, and every record and file is back byte for byte. Once with the server
// running (restored in place) and once with it stopped (a temporary server restores);
// then with media on S3 and backups in their own bucket. Runs the real scripts.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietPort, prepareData, servePocketBase } from '../../scripts/lib/pb-run.mjs';
import { superuserToken, TEST_SUPERUSER } from '../../scripts/lib/superuser.mjs';
import type { TestPocketBase } from '../support/pocketbase';
import { startS3, type TestS3 } from '../support/s3';
import { api, createAsSuperuser, type Loose, tinyMp4, unique } from './helpers';
import { startUpload } from './video-upload-client';
import { seededVideoBytes } from './video-bytes';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');
const COLLECTIONS = [
  'artworks',
  'prints',
  'news_posts',
  'pages',
  'site_settings',
  'courses',
  'course_modules',
  'course_lessons',
];

/** One PocketBase whose data dir outlives stop/start. */
class Server {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'atelier-drill-'));
  port = 0;
  handle: Awaited<ReturnType<typeof servePocketBase>> | null = null;
  token = '';
  constructor(readonly env: Record<string, string>) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  scriptEnv(): Record<string, string> {
    return {
      ...this.fullEnv(),
      ADMIN_EMAIL: TEST_SUPERUSER.email,
      ADMIN_PASSWORD: TEST_SUPERUSER.password,
      PB_DATA_DIR: this.dataDir,
    };
  }

  fullEnv(): Record<string, string> {
    return {
      ...(process.env as Record<string, string>),
      HOST: '127.0.0.1',
      PORT: String(this.port),
      SITE_URL: `http://127.0.0.1:${this.port}`,
      DEMO_CONTENT: '1',
      ...this.env,
    };
  }

  async init() {
    this.port = await quietPort();
    prepareData({ dataDir: this.dataDir, env: this.fullEnv(), superuser: TEST_SUPERUSER, seed: true });
  }

  async start() {
    this.handle = await servePocketBase({ dataDir: this.dataDir, port: this.port, env: this.fullEnv() });
    this.token = await superuserToken(this.url);
  }

  async stop() {
    await this.handle?.stop();
    this.handle = null;
  }

  asTestPb(): TestPocketBase {
    return {
      url: this.url,
      dataDir: this.dataDir,
      superuser: { ...TEST_SUPERUSER, token: this.token },
      output: () => this.handle?.output() ?? '',
      stop: () => this.stop(),
    };
  }

  async script(name: 'backup' | 'restore', ...args: string[]): Promise<string> {
    const { stdout } = await run(process.execPath, [`scripts/${name}.mjs`, ...args], {
      cwd: root,
      env: this.scriptEnv(),
      timeout: 120_000,
    });
    return stdout;
  }

  remove() {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Every record of the content collections, and the SHA-256 of every file they name. */
async function snapshot(s: Server): Promise<{ records: Record<string, Loose[]>; files: Record<string, string> }> {
  const pb = s.asTestPb();
  const records: Record<string, Loose[]> = {};
  const files: Record<string, string> = {};
  const fileToken = (await api(pb, 'POST', '/api/files/token', s.token)).body.token;
  for (const name of COLLECTIONS) {
    const collection = (await api(pb, 'GET', `/api/collections/${name}`, s.token)).body;
    const fileFields = collection.fields.filter((f: Loose) => f.type === 'file').map((f: Loose) => f.name);
    const list = (await api(pb, 'GET', `/api/collections/${name}/records?perPage=500&sort=id`, s.token)).body.items;
    records[name] = list;
    for (const rec of list) {
      for (const field of fileFields) {
        for (const file of ([] as string[]).concat(rec[field] ?? []).filter(Boolean)) {
          const res = await fetch(`${s.url}/api/files/${name}/${rec.id}/${file}?token=${fileToken}`);
          files[`${name}/${rec.id}/${file}`] =
            res.status === 200
              ? createHash('sha256')
                  .update(new Uint8Array(await res.arrayBuffer()))
                  .digest('hex')
              : `missing (${res.status})`;
        }
      }
    }
  }
  return { records, files };
}

/**
 * Edits a title, deletes an artwork with its image and the chapter holding the drill's video,
 * replaces another chapter's video, adds a page. Returns what it deleted.
 */
async function changeData(s: Server): Promise<{ artwork: Loose; chapter: Loose }> {
  const pb = s.asTestPb();
  const artworks = (await api(pb, 'GET', '/api/collections/artworks/records?sort=id', s.token)).body.items;
  expect(artworks.length).toBeGreaterThan(1);
  expect(artworks[0].main_image).toBeTruthy();
  expect((await api(pb, 'DELETE', `/api/collections/artworks/records/${artworks[0].id}`, s.token)).status).toBe(204);
  expect(
    (await api(pb, 'PATCH', `/api/collections/artworks/records/${artworks[1].id}`, s.token, { title: 'Changed' }))
      .status,
  ).toBe(200);
  const chapters = (await api(pb, 'GET', '/api/collections/course_modules/records?sort=id', s.token)).body.items;
  const withVideo = chapters.find((c: Loose) => c.sort_order === DRILL_CHAPTER);
  expect(withVideo.video).toBeTruthy();
  const other = chapters.find((c: Loose) => c.id !== withVideo.id);
  const form = new FormData();
  form.append('video', tinyMp4(), 'replacement.mp4');
  expect((await api(pb, 'PATCH', `/api/collections/course_modules/records/${other.id}`, s.token, form)).status).toBe(
    200,
  );
  // the chapter's lessons first: they require it (it has no tasks)
  const filter = encodeURIComponent(`module_id="${withVideo.id}"`);
  const lessons = (await api(pb, 'GET', `/api/collections/course_lessons/records?filter=${filter}`, s.token)).body
    .items;
  for (const lesson of lessons)
    expect((await api(pb, 'DELETE', `/api/collections/course_lessons/records/${lesson.id}`, s.token)).status).toBe(204);
  expect((await api(pb, 'DELETE', `/api/collections/course_modules/records/${withVideo.id}`, s.token)).status).toBe(
    204,
  );
  await createAsSuperuser(pb, 'pages', {
    slug: unique('after-the-backup'),
    title: 'After',
    content: 'x',
    is_published: true,
  });
  return { artwork: artworks[0], chapter: withVideo };
}

/** The chapter (by sort order; one without tasks) that gets the drill's video. */
const DRILL_CHAPTER = 2;

/** A chapter video of real size, so the drill restores more than a few bytes of media. */
async function addChapterVideo(s: Server): Promise<void> {
  const pb = s.asTestPb();
  const chapters = (await api(pb, 'GET', '/api/collections/course_modules/records?sort=id', s.token)).body.items;
  const chapter = chapters.find((c: Loose) => c.sort_order === DRILL_CHAPTER);
  const form = new FormData();
  form.append(
    'video',
    new Blob([seededVideoBytes(3 * 1024 * 1024, 31) as BlobPart], { type: 'video/mp4' }),
    'drill.mp4',
  );
  expect((await api(pb, 'PATCH', `/api/collections/course_modules/records/${chapter.id}`, s.token, form)).status).toBe(
    200,
  );
}

/** An unfinished resumable upload: it must not go into the backup. */
async function startPartialUpload(s: Server): Promise<void> {
  const chapters = (await api(s.asTestPb(), 'GET', '/api/collections/course_modules/records', s.token)).body.items;
  const meta = { chapter: chapters[0].id, filename: 'partial.mp4', filetype: 'video/mp4', sha256: 'a'.repeat(64) };
  const res = await startUpload(s.url, s.token, 1000, meta);
  expect(res.status).toBe(201);
}

const backupNameIn = (out: string) => (/Backup (\S+\.zip)/.exec(out) as RegExpExecArray)[1] as string;

describe('backups with local storage', () => {
  const server = new Server({});

  beforeAll(async () => {
    await server.init();
    await server.start();
    await addChapterVideo(server);
  });

  afterAll(async () => {
    await server.stop();
    server.remove();
  });

  it('restores a running server in place: records and files byte for byte', async () => {
    await startPartialUpload(server);
    const before = await snapshot(server);
    expect(Object.keys(before.files).length).toBeGreaterThan(5);
    expect(Object.values(before.files).filter((v) => v.startsWith('missing'))).toEqual([]);

    const name = backupNameIn(await server.script('backup'));
    expect(name).toMatch(/^atelier_\d{8}_\d{6}\.zip$/);
    const zip = readFileSync(join(server.dataDir, 'backups', name));
    // zip entry names are stored uncompressed: the database and the media are in, partial uploads not
    expect(zip.includes('data.db')).toBe(true);
    expect(zip.includes('storage/')).toBe(true);
    expect(zip.includes('video_uploads')).toBe(false);

    await changeData(server);
    expect(await snapshot(server)).not.toEqual(before);

    const out = await server.script('restore', name);
    expect(out).toContain(`Restored ${name}.`);
    server.token = await superuserToken(server.url);
    expect(await snapshot(server)).toEqual(before);
    // the same process serves on (restarted in place), with env settings applied again
    const settings = (await api(server.asTestPb(), 'GET', '/api/settings', server.token)).body;
    expect(settings.backups).toMatchObject({ cron: '0 3 * * *', cronMaxKeep: 7 });
  });

  it('restores a stopped server through a temporary one, and backs up while stopped', async () => {
    const before = await snapshot(server);
    const name = backupNameIn(await server.script('backup', 'before-maintenance.zip'));
    expect(name).toBe('before-maintenance.zip');
    await changeData(server);
    await server.stop();

    const out = await server.script('restore', name);
    expect(out).toContain('starting a temporary one');
    expect(out).toContain(`Restored ${name}.`);
    const offline = await server.script('backup', 'while-stopped.zip');
    expect(offline).toContain('made on a temporary server');

    await server.start();
    expect(await snapshot(server)).toEqual(before);
    const list = await server.script('backup', '--list');
    expect(list).toContain('while-stopped.zip');
    expect(list).toContain('before-maintenance.zip');
  });

  it('says what is wrong: an unknown backup name, a bad name, missing credentials', async () => {
    await expect(server.script('restore', 'nope.zip')).rejects.toMatchObject({
      stderr: expect.stringContaining('There is no backup named "nope.zip". Backups: '),
    });
    await expect(server.script('backup', 'Bad Name.zip')).rejects.toMatchObject({
      stderr: expect.stringContaining('A backup name is lowercase letters'),
    });
    const { stdout } = await run(process.execPath, ['scripts/restore.mjs'], {
      cwd: root,
      env: server.scriptEnv(),
    }).catch((e) => e);
    expect(stdout).toContain('Usage: npm run restore -- <name>.zip');
    await expect(
      run(process.execPath, ['scripts/backup.mjs'], { cwd: root, env: { ...server.scriptEnv(), ADMIN_PASSWORD: '' } }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('Set ADMIN_EMAIL and ADMIN_PASSWORD') });
  });
});

describe('backups with media on S3', () => {
  let s3: TestS3;
  let server: Server;

  beforeAll(async () => {
    s3 = await startS3(['atelier-media', 'atelier-backups']);
    server = new Server({ ...s3.env, BACKUP_S3_BUCKET: 'atelier-backups', BACKUP_KEEP: '3' });
    await server.init();
    await server.start();
    await addChapterVideo(server);
  });

  afterAll(async () => {
    await server?.stop();
    server?.remove();
    await s3?.stop();
  });

  it('go to the backup bucket; a restore of any kept backup brings back its records with their files', async () => {
    const pb = () => server.asTestPb();
    const before = await snapshot(server);
    const a = backupNameIn(await server.script('backup'));
    expect(a).toMatch(/^atelier_\d{8}_\d{6}\.zip$/);
    expect(existsSync(join(server.dataDir, 'backups', a))).toBe(false);
    const zip = readFileSync(join(s3.root, 'atelier-backups', a));
    expect(zip.includes('data.db')).toBe(true);
    expect(zip.includes('storage/')).toBe(false);
    expect(readdirSync(join(s3.root, 'atelier-media')).length).toBeGreaterThan(0);

    const settings = (await api(pb(), 'GET', '/api/settings', server.token)).body;
    expect(settings.backups).toMatchObject({ cronMaxKeep: 3, s3: { enabled: true, bucket: 'atelier-backups' } });

    // an artwork with its image and the chapter with the drill's video are deleted: their
    // files leave the bucket
    const gone = await changeData(server);
    const imageKey = `artworks/${gone.artwork.id}/${gone.artwork.main_image}`;
    const videoKey = `course_modules/${gone.chapter.id}/${gone.chapter.video}`;
    const changed = await snapshot(server);
    expect(changed.files[imageKey]).toBeUndefined();
    expect(changed.files[videoKey]).toBeUndefined();
    const b = backupNameIn(await server.script('backup', 'after-the-change.zip'));

    // the backups list holds the backups, nothing else
    const listed = (await api(pb(), 'GET', '/api/backups', server.token)).body.map((x: Loose) => x.key).sort();
    expect(listed).toEqual([a, b].sort());

    // the older backup: records, the deleted image and the deleted video byte for byte
    const out = await server.script('restore', a);
    expect(out).toContain(`Restored ${a}.`);
    // the image, the artwork's other images and the video
    const putBack = Number(/(\d+) media files put back/.exec(out)?.[1]);
    expect(putBack).toBeGreaterThanOrEqual(2);
    server.token = await superuserToken(server.url);
    const restored = await snapshot(server);
    expect(restored.files[imageKey]).toBe(before.files[imageKey]);
    expect(restored.files[videoKey]).toBe(before.files[videoKey]);
    expect(restored.files[videoKey]).toMatch(/^[0-9a-f]{64}$/);
    expect(restored).toEqual(before);

    // and the newer one again
    await server.script('restore', b);
    server.token = await superuserToken(server.url);
    expect(await snapshot(server)).toEqual(changed);
  });

  it('keeps a copy of a file as long as a kept backup names it, and no longer', async () => {
    const pb = () => server.asTestPb();
    const kept = (key: string) => existsSync(join(s3.root, 'atelier-media', '_backups', 'media', key));
    // named: two backups within one second would get the same default name
    await server.script('backup', 'keep-1.zip');
    const chapterVideo = new FormData();
    chapterVideo.append(
      'video',
      new Blob([seededVideoBytes(64 * 1024, 7) as BlobPart], { type: 'video/mp4' }),
      'v.mp4',
    );
    const chapters = (await api(pb(), 'GET', '/api/collections/course_modules/records?sort=-id', server.token)).body
      .items;
    const target = chapters[0];
    const saved = (
      await api(pb(), 'PATCH', `/api/collections/course_modules/records/${target.id}`, server.token, chapterVideo)
    ).body;
    const collectionId = (await api(pb(), 'GET', '/api/collections/course_modules', server.token)).body.id;
    const key = `${collectionId}/${target.id}/${saved.video}`;
    const second = backupNameIn(await server.script('backup', 'keep-2.zip'));
    expect(kept(key)).toBe(true);

    // the video is removed (the admin hooks archive it), then its archive entry: it is gone
    // from the live bucket, kept for the second backup only
    const patch = (body: Loose) =>
      api(pb(), 'PATCH', `/api/collections/course_modules/records/${target.id}`, server.token, body);
    expect((await patch({ video: null })).body.video_archive).toContain(saved.video);
    expect((await patch({ video_archive: null })).body).toMatchObject({ video: '', video_archive: [] });
    expect(existsSync(join(s3.root, 'atelier-media', key))).toBe(false);
    const third = backupNameIn(await server.script('backup', 'keep-3.zip'));
    expect(kept(key)).toBe(true);

    // once no kept backup names it, the next backup drops the copy
    expect((await api(pb(), 'DELETE', `/api/backups/${encodeURIComponent(second)}`, server.token)).status).toBe(204);
    await server.script('backup', 'keep-4.zip');
    expect(kept(key)).toBe(false);
    // the backup made after the removal still restores (it never named the file)
    await server.script('restore', third);
    server.token = await superuserToken(server.url);
  });
});
