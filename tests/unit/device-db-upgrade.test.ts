// Devices keep their database across releases: a database made by an older release opens
// with the current schema and keeps its rows. Each test writes a database as an older
// release declared it (plain Dexie, that release's versions), closes it, then opens it with
// AtelierDb.
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AtelierDb } from '@/lib/offline/db';
import { importLegacyOutbox } from '@/lib/offline/legacy-outbox';

const V1 = {
  artworks: 'id, slug, sort_order, year',
  news_posts: 'id, slug, published_at',
  prints: 'id, slug, sort_order',
  site_settings: 'id, key',
  kv: 'key',
};
const V5 = {
  courses: 'id, slug',
  course_outline: 'id, course_id, sort_order',
  course_lessons: 'id, course_id, module_id',
  course_tasks: 'id, course_id, chapter_id',
  course_enrollments: 'id, user_id, course_id',
  course_modules: 'id, course_id',
  chapter_progress: 'id, [user_id+course_id]',
  task_progress: 'id, [user_id+course_id]',
};
const V6 = { downloads: 'key, userId, [userId+courseId], [userId+chapterId]' };
const V7 = { outbox: 'id, op, status, coalesceKey, userId, createdAt' };
const CURRENT = 9;

const opened: Dexie[] = [];
let n = 0;
const uniqueName = () => `upgrade-test-${++n}`;

async function olderRelease(name: string, declare: (db: Dexie) => void, fill: (db: Dexie) => Promise<void>) {
  const old = new Dexie(name);
  declare(old);
  await old.open();
  await fill(old);
  old.close();
}

async function current(name: string) {
  const db = new AtelierDb(name);
  opened.push(db);
  await db.open();
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const progress = {
  id: 'p1',
  user_id: 'u1',
  course_id: 'c1',
  chapter_id: 'ch1',
  visited: true,
  last_visited_at: 1,
  position_seconds: 42,
  position_at: 1,
  completed: false,
  completed_at: 0,
  client_updated_at: 1,
};

describe('the device database across releases', () => {
  it('a first-release database (version 1) gains the course and download tables and keeps its rows', async () => {
    const name = uniqueName();
    await olderRelease(
      name,
      (db) => db.version(1).stores(V1),
      async (db) => {
        await db.table('artworks').put({ id: 'a1', slug: 'red-room', sort_order: 1, year: 2024 });
        await db.table('kv').put({ key: 'mirror:artworks:list', value: ['a1'], updatedAt: 1 });
      },
    );
    const db = await current(name);
    expect(db.verno).toBe(CURRENT);
    expect(await db.artworks.get('a1')).toMatchObject({ slug: 'red-room' });
    expect((await db.kv.get('mirror:artworks:list'))?.value).toEqual(['a1']);
    await db.chapter_progress.put(progress);
    expect(await db.chapter_progress.where('[user_id+course_id]').equals(['u1', 'c1']).count()).toBe(1);
    await db.downloads.put({
      key: 'u1|k',
      userId: 'u1',
      courseId: 'c1',
      chapterId: 'ch1',
      kind: 'video',
      title: 't',
      bytes: 1,
      createdAt: 1,
    });
    expect(await db.downloads.where('[userId+chapterId]').equals(['u1', 'ch1']).count()).toBe(1);
  });

  it("a course-release database (version 5) gains the downloads table and keeps the learner's progress", async () => {
    const name = uniqueName();
    await olderRelease(
      name,
      (db) => {
        db.version(1).stores(V1);
        db.version(5).stores(V5);
      },
      async (db) => {
        await db.table('chapter_progress').put(progress);
      },
    );
    const db = await current(name);
    expect(db.verno).toBe(CURRENT);
    expect(await db.chapter_progress.get('p1')).toMatchObject({ position_seconds: 42 });
    expect(await db.downloads.count()).toBe(0);
  });

  it('a database made when the versions were declared out of order (6, 1, 5) opens unchanged', async () => {
    const name = uniqueName();
    await olderRelease(
      name,
      (db) => {
        db.version(6).stores(V6);
        db.version(1).stores(V1);
        db.version(5).stores(V5);
      },
      async (db) => {
        await db.table('downloads').put({
          key: 'u1|k',
          userId: 'u1',
          courseId: 'c1',
          chapterId: 'ch1',
          kind: 'record',
          title: 't',
          bytes: 1,
          createdAt: 1,
        });
        await db.table('task_progress').put({ ...progress, id: 't1', task_identifier: 'TASK_01', task_title: 'x' });
      },
    );
    const db = await current(name);
    expect(db.verno).toBe(CURRENT);
    expect(await db.downloads.where('userId').equals('u1').count()).toBe(1);
    expect(await db.task_progress.get('t1')).toMatchObject({ task_identifier: 'TASK_01' });
    // the same indexes as before, plus the outbox; the learner mirror is each account's (user_rows)
    const { course_enrollments: _e, course_modules: _m, ...kept } = V5;
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      Object.keys({ ...V1, ...kept, ...V6, ...V7, user_rows: '' }).sort(),
    );
  });

  it("each learner's mirrored enrolments and chapter texts move under that learner, and the shared tables go", async () => {
    const name = uniqueName();
    await olderRelease(
      name,
      (db) => {
        db.version(1).stores(V1);
        db.version(5).stores(V5);
        db.version(6).stores(V6);
        db.version(7).stores(V7);
      },
      async (db) => {
        await db.table('course_enrollments').bulkPut([
          { id: 'e1', user_id: 'ana', course_id: 'c1' },
          { id: 'e2', user_id: 'bo', course_id: 'c1' },
        ]);
        await db.table('course_modules').bulkPut([
          { id: 'ch1', course_id: 'c1', content: 'one' },
          { id: 'ch2', course_id: 'c1', content: 'two' },
        ]);
        await db.table('kv').bulkPut([
          { key: 'mirror:enrollment:ana:c1', value: 'e1', updatedAt: 1 },
          { key: 'mirror:enrollment:cy:c1', value: null, updatedAt: 1 },
          { key: 'mirror:enrollments:bo', value: ['e2'], updatedAt: 1 },
          { key: 'mirror:chapter:ana:ch2', value: 'ch2', updatedAt: 1 },
          { key: 'mirror:chapters:bo:c1', value: ['ch1', 'ch2'], updatedAt: 1 },
          { key: 'mirror:artworks:list', value: ['a1'], updatedAt: 1 },
        ]);
      },
    );
    const db = await current(name);
    expect(db.verno).toBe(CURRENT);
    const rows = Object.fromEntries((await db.user_rows.toArray()).map((r) => [r.key, [r.userId, r.value]]));
    expect(rows).toEqual({
      'ana|enrollment:ana:c1': ['ana', { id: 'e1', user_id: 'ana', course_id: 'c1' }],
      'cy|enrollment:cy:c1': ['cy', null],
      'bo|enrollments:bo': ['bo', [{ id: 'e2', user_id: 'bo', course_id: 'c1' }]],
      'ana|chapter:ana:ch2': ['ana', { id: 'ch2', course_id: 'c1', content: 'two' }],
      'bo|chapters:bo:c1': [
        'bo',
        [
          { id: 'ch1', course_id: 'c1', content: 'one' },
          { id: 'ch2', course_id: 'c1', content: 'two' },
        ],
      ],
    });
    // public mirrors stay as they were
    expect((await db.kv.toArray()).map((r) => r.key)).toEqual(['mirror:artworks:list']);
    expect(db.tables.map((t) => t.name)).not.toContain('course_modules');
  });

  it('rows an older release queued in its own outbox database move into the device database, once', async () => {
    const name = uniqueName();
    const legacyName = `${name}-outbox`;
    await olderRelease(
      name,
      (db) => {
        db.version(1).stores(V1);
        db.version(5).stores(V5);
        db.version(6).stores(V6);
      },
      async (db) => {
        await db.table('task_progress').put({ ...progress, id: 't1', task_identifier: 'TASK_01', task_title: 'x' });
      },
    );
    const queued = (id: string, userId?: string) => ({
      id,
      op: 'task-progress',
      payload: { record: { id: 't1' } },
      idempotencyKey: 't1',
      coalesceKey: 'user_task_progress:t1',
      userId,
      createdAt: 1,
      rev: 0,
      attempts: 2,
      nextAttemptAt: 5,
      status: 'pending',
    });
    await olderRelease(
      legacyName,
      (db) => db.version(1).stores({ rows: 'id, op, status, coalesceKey, userId, createdAt' }),
      async (db) => {
        await db
          .table('rows')
          .bulkPut([queued('r1', 'u1'), { ...queued('r2'), op: 'contact', payload: { message: 'hi' } }]);
      },
    );
    const db = await current(name);
    expect(await importLegacyOutbox(db.outbox, legacyName)).toBe(2);
    expect((await db.outbox.toArray()).map((r) => [r.id, r.op, r.userId, r.attempts])).toEqual([
      ['r1', 'task-progress', 'u1', 2],
      ['r2', 'contact', undefined, 2],
    ]);
    expect(await Dexie.exists(legacyName)).toBe(false);
    // a second start finds nothing more to carry over
    expect(await importLegacyOutbox(db.outbox, legacyName)).toBe(0);
    expect(await db.outbox.count()).toBe(2);
  });
});
