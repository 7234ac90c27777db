import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from '@/features/course/api/progress-records';
import { chapterProgressId, taskProgressId } from '@/features/course/model/progress-id';
import { createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { drained, learnerClient, progressDevice } from '../support/progress-device';
import { api, createAsSuperuser, listAll, tinyMp4 } from './helpers';

let pb: TestPocketBase;
let learner: { id: string; token: string };
let courseId: string;
let chapters: { id: string; sort_order: number }[];
let tasks: { id: string; chapter_id: string; task_identifier: string }[];

beforeAll(async () => {
  pb = await startPocketBase({ seed: true, behindProxy: true });
  learner = await createUser(pb, { email: 'sync@example.com' });
  const course = (await listAll(pb, 'courses', `&filter=${encodeURIComponent('slug="whispering-game"')}`))[0];
  courseId = course.id;
  await createAsSuperuser(pb, 'course_enrollments', {
    user_id: learner.id,
    course_id: courseId,
    enrolled_at: new Date().toISOString(),
    source: 'manual',
  });
  chapters = await listAll(pb, 'course_modules', '&sort=sort_order');
  tasks = await listAll(pb, 'course_tasks', '&sort=sort_order');
});

afterAll(async () => {
  await pb?.stop();
});

const client = (token: string) => learnerClient(pb.url, token);
const testOutbox = (token: string) => progressDevice(pb.url, token);

/**
 * Upserts one record per batch request as the learner, each request from its own address in
 * `net` (/api/batch allows 3 requests a second per address); answers the stored record.
 */
function batchUpserts(net: string) {
  let sends = 0;
  return async (collection: string, body: Record<string, unknown>) => {
    sends += 1;
    const res = await fetch(`${pb.url}/api/batch`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: learner.token,
        'x-forwarded-for': `${net}.${sends}`,
      },
      body: JSON.stringify({ requests: [{ method: 'PUT', url: `/api/collections/${collection}/records`, body }] }),
    });
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json[0].body;
  };
}

// A seeded pseudo-random generator, so a failure can be replayed.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('progress sync through the outbox and the batch API', () => {
  it('1,000 queued ops with duplicates and out-of-order times converge to the right state', {
    timeout: 180_000,
  }, async () => {
    const rand = rng(42);
    const base = Date.parse('2026-11-01T10:00:00Z');
    type Op = { op: string; record: Record<string, unknown> & { id: string } };
    const ops: Op[] = [];
    const expectChapter = new Map<
      string,
      { completed: boolean; position: number; positionAt: number; visited: boolean }
    >();
    const expectTask = new Map<string, { completed: boolean; at: number }>();
    const usedTimes = new Set<number>();
    const time = () => {
      let t: number;
      do t = base + Math.floor(rand() * 10_000_000);
      while (usedTimes.has(t));
      usedTimes.add(t);
      return t;
    };
    while (ops.length < 1000) {
      const t = time();
      const at = new Date(t).toISOString();
      if (rand() < 0.5) {
        const chapter = chapters[Math.floor(rand() * chapters.length)];
        const id = await chapterProgressId(learner.id, chapter.id);
        const e = expectChapter.get(chapter.id) ?? { completed: false, position: 0, positionAt: 0, visited: false };
        const kind = rand();
        const record: Op['record'] = {
          id,
          user_id: learner.id,
          course_id: courseId,
          chapter_id: chapter.id,
          visited: true,
          last_visited_at: at,
          client_updated_at: at,
        };
        e.visited = true;
        if (kind < 0.6) {
          const pos = 2 * Math.floor(rand() * 300);
          Object.assign(record, { position_seconds: pos, position_at: at });
          if (t > e.positionAt) Object.assign(e, { position: pos, positionAt: t });
        } else if (kind < 0.75) {
          Object.assign(record, { completed: true, completed_at: at });
          e.completed = true;
        }
        expectChapter.set(chapter.id, e);
        ops.push({ op: CHAPTER_PROGRESS_OP, record });
      } else {
        const task = tasks[Math.floor(rand() * tasks.length)];
        const id = await taskProgressId(learner.id, task.chapter_id, task.task_identifier);
        const completed = rand() < 0.5;
        const record = {
          id,
          user_id: learner.id,
          course_id: courseId,
          chapter_id: task.chapter_id,
          task_identifier: task.task_identifier,
          task_title: 'sent by the device',
          completed,
          completed_at: completed ? at : '',
          client_updated_at: at,
        };
        const e = expectTask.get(task.id);
        if (!e || t > e.at) expectTask.set(task.id, { completed, at: t });
        ops.push({ op: TASK_PROGRESS_OP, record });
      }
      // duplicates: about one op in five is queued twice
      if (rand() < 0.2 && ops.length < 1000) ops.push({ ...ops[ops.length - 1] });
    }
    expect(ops).toHaveLength(1000);

    // queued offline, drained on reconnect
    const outbox = testOutbox(learner.token);
    outbox.net.online = false;
    for (const o of ops) await outbox.enqueue(o.op, { record: o.record }, { userId: learner.id });
    const started = Date.now();
    outbox.net.online = true;
    const status = await drained(outbox);
    const elapsed = Date.now() - started;
    expect(status.failed, status.lastError).toBe(0);
    console.log(`[progress-sync] 1,000 ops drained in ${elapsed} ms`);

    const me = client(learner.token);
    const chapterRows = await me.collection('chapter_progress').getFullList();
    expect(chapterRows).toHaveLength(expectChapter.size);
    for (const row of chapterRows) {
      const e = expectChapter.get(row.chapter_id)!;
      expect(row.id).toBe(await chapterProgressId(learner.id, row.chapter_id));
      expect({ completed: row.completed, position: row.position_seconds, visited: row.visited }).toEqual({
        completed: e.completed,
        position: e.position,
        visited: e.visited,
      });
    }
    const taskRows = await me.collection('user_task_progress').getFullList();
    expect(taskRows).toHaveLength(expectTask.size);
    for (const row of taskRows) {
      const task = tasks.find((t) => t.chapter_id === row.chapter_id && t.task_identifier === row.task_identifier)!;
      expect(row.completed).toBe(expectTask.get(task.id)!.completed);
      expect(row.task_title).not.toBe('sent by the device');
    }

    // lesson_progress is derived: chapter intros with completed chapters, task lessons with ticks
    const lessons = await me.collection('lesson_progress').getFullList({ filter: 'completed = true' });
    const doneChapters = [...expectChapter.values()].filter((e) => e.completed).length;
    const doneTasks = [...expectTask.values()].filter((e) => e.completed).length;
    expect(lessons).toHaveLength(doneChapters + doneTasks);

    // a replay of everything is a no-op
    const before = await me.collection('user_task_progress').getFullList({ sort: 'id' });
    const replay = testOutbox(learner.token);
    for (const o of ops.slice(0, 200)) await replay.enqueue(o.op, { record: o.record }, { userId: learner.id });
    expect((await drained(replay)).failed).toBe(0);
    const after = await me.collection('user_task_progress').getFullList({ sort: 'id' });
    expect(after.map((r) => [r.id, r.completed, r.updated])).toEqual(before.map((r) => [r.id, r.completed, r.updated]));
  });

  it('the server merges writes arriving out of order, one batch at a time', async () => {
    const chapter = chapters[2]!;
    const task = tasks.find((t) => t.chapter_id === chapter.id)!;
    const cid = await chapterProgressId(learner.id, chapter.id);
    const tid = await taskProgressId(learner.id, chapter.id, task.task_identifier);
    const at = (s: number) => new Date(Date.parse('2026-11-21T09:00:00Z') + s * 1000).toISOString();
    const send = batchUpserts('10.9.0');
    const base = { user_id: learner.id, course_id: courseId, chapter_id: chapter.id };
    // newest first: tick at 50 s, then an older untick (30 s) arrives late
    await send('user_task_progress', {
      id: tid,
      ...base,
      task_identifier: task.task_identifier,
      completed: true,
      client_updated_at: at(50),
    });
    const late = await send('user_task_progress', {
      id: tid,
      ...base,
      task_identifier: task.task_identifier,
      completed: false,
      client_updated_at: at(30),
    });
    expect(late.completed).toBe(true);
    // position 120 s at 40 s, completed at 60 s; then an older position and a "not completed" write
    await send('chapter_progress', {
      id: cid,
      ...base,
      visited: true,
      position_seconds: 120,
      position_at: at(40),
      client_updated_at: at(40),
    });
    await send('chapter_progress', {
      id: cid,
      ...base,
      completed: true,
      completed_at: at(60),
      client_updated_at: at(60),
    });
    const after = await send('chapter_progress', {
      id: cid,
      ...base,
      visited: true,
      completed: false,
      position_seconds: 8,
      position_at: at(10),
      client_updated_at: at(10),
    });
    expect(after).toMatchObject({ completed: true, position_seconds: 120, visited: true });
    // a newer untick wins
    const untick = await send('user_task_progress', {
      id: tid,
      ...base,
      task_identifier: task.task_identifier,
      completed: false,
      client_updated_at: at(70),
    });
    expect(untick).toMatchObject({ completed: false, completed_at: '' });
  });

  it('a write without a clock reading (queued by an older release) is clamped, so a phone a day ahead does not win later conflicts', async () => {
    const chapter = chapters[3]!;
    const task = tasks.find((t) => t.chapter_id === chapter.id)!;
    const tid = await taskProgressId(learner.id, chapter.id, task.task_identifier);
    const cid = await chapterProgressId(learner.id, chapter.id);
    const base = { user_id: learner.id, course_id: courseId, chapter_id: chapter.id };
    const upsert = batchUpserts('10.9.1');
    const day = 86_400_000;
    // the phone's clock runs a day ahead
    const phone = new Date(Date.now() + day).toISOString();
    const ticked = await upsert('user_task_progress', {
      id: tid,
      ...base,
      task_identifier: task.task_identifier,
      completed: true,
      completed_at: phone,
      client_updated_at: phone,
    });
    expect(Date.parse(ticked.client_updated_at.replace(' ', 'T'))).toBeLessThan(Date.now() + 5 * 60_000);
    await upsert('chapter_progress', {
      id: cid,
      ...base,
      visited: true,
      position_seconds: 300,
      position_at: phone,
      client_updated_at: phone,
    });
    await new Promise((r) => setTimeout(r, 50));
    // a minute later (a laptop with a right clock) the learner unticks and rewinds: that wins
    const laptop = new Date(Date.now() + 3 * 60_000).toISOString();
    const unticked = await upsert('user_task_progress', {
      id: tid,
      ...base,
      task_identifier: task.task_identifier,
      completed: false,
      client_updated_at: laptop,
    });
    expect(unticked.completed).toBe(false);
    const rewound = await upsert('chapter_progress', {
      id: cid,
      ...base,
      visited: true,
      position_seconds: 20,
      position_at: laptop,
      client_updated_at: laptop,
    });
    expect(rewound.position_seconds).toBe(20);
  });

  it('a bad item fails alone; the rest of its batch is saved', async () => {
    const outbox = testOutbox(learner.token);
    const chapter = chapters[0];
    const good = async (task: string, completed: boolean) => ({
      record: {
        id: await taskProgressId(learner.id, chapter.id, task),
        user_id: learner.id,
        course_id: courseId,
        chapter_id: chapter.id,
        task_identifier: task,
        completed,
        client_updated_at: new Date().toISOString(),
      },
    });
    await outbox.enqueue(TASK_PROGRESS_OP, await good('TASK_01', true));
    await outbox.enqueue(TASK_PROGRESS_OP, await good('TASK_X', true)); // not a task identifier
    await outbox.enqueue(TASK_PROGRESS_OP, await good('TASK_02', true));
    const s = await drained(outbox);
    expect(s.failed).toBe(1);
    expect(s.lastError).toMatch(/task_identifier/);
    const rows = await client(learner.token)
      .collection('user_task_progress')
      .getFullList({ filter: `chapter_id = "${chapter.id}" && completed = true && client_updated_at > "2026-11-20"` });
    expect(rows.map((r) => r.task_identifier).sort()).toEqual(['TASK_01', 'TASK_02']);
  });
});

describe('who may read and write progress and chapters', () => {
  it('keeps learners to their own, enrolled data', async () => {
    const other = await createUser(pb, { email: 'outsider@example.com' });
    const chapter = chapters[0];
    // cannot enrol themselves
    const enrol = await api(pb, 'POST', '/api/collections/course_enrollments/records', other.token, {
      user_id: other.id,
      course_id: courseId,
      enrolled_at: new Date().toISOString(),
      source: 'manual',
    });
    expect(enrol.status).toBe(403);
    // cannot read someone else's progress
    const theirs = await api(pb, 'GET', '/api/collections/chapter_progress/records', other.token);
    expect(theirs.body.items).toHaveLength(0);
    const id = await chapterProgressId(learner.id, chapter.id);
    expect((await api(pb, 'GET', `/api/collections/chapter_progress/records/${id}`, other.token)).status).toBe(404);
    // cannot overwrite someone else's progress, even knowing the id
    const overwrite = await api(pb, 'PATCH', `/api/collections/chapter_progress/records/${id}`, other.token, {
      completed: true,
    });
    expect(overwrite.status).toBe(404);
    // cannot write progress without enrolment
    const own = await api(pb, 'POST', '/api/collections/chapter_progress/records', other.token, {
      id: await chapterProgressId(other.id, chapter.id),
      user_id: other.id,
      course_id: courseId,
      chapter_id: chapter.id,
      visited: true,
    });
    expect(own.status).toBe(400);
    // cannot read chapter content
    expect((await api(pb, 'GET', '/api/collections/course_modules/records', other.token)).body.items).toHaveLength(0);
    expect((await api(pb, 'GET', `/api/collections/course_modules/records/${chapter.id}`, other.token)).status).toBe(
      404,
    );
    expect((await api(pb, 'GET', `/api/collections/course_modules/records/${chapter.id}`, null)).status).toBe(404);
    // the protected video: not with a non-enrolled learner's file token, not without one;
    // the enrolled learner streams it (Range requests work)
    const form = new FormData();
    form.append('video', tinyMp4(), 'chapter-1.mp4');
    const up = await api(
      pb,
      'PATCH',
      `/api/collections/course_modules/records/${chapter.id}`,
      pb.superuser.token,
      form,
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const file = `/api/files/course_modules/${chapter.id}/${up.body.video}`;
    const tokenOf = async (t: string) => (await api(pb, 'POST', '/api/files/token', t)).body.token as string;
    expect((await fetch(`${pb.url}${file}?token=${await tokenOf(other.token)}`)).status).toBe(404);
    expect((await fetch(`${pb.url}${file}`)).status).toBe(404);
    const ranged = await fetch(`${pb.url}${file}?token=${await tokenOf(learner.token)}`, {
      headers: { range: 'bytes=0-15' },
    });
    expect(ranged.status).toBe(206);
    // the public outline has no content
    const outline = await api(pb, 'GET', '/api/collections/course_outline/records', null);
    expect(outline.body.items).toHaveLength(11);
    expect(outline.body.items[0].content).toBeUndefined();
  });
});
