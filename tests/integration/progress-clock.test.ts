// Device clocks are corrected, not clamped: every batch carries the device's clock reading
// when it was sent, and the server shifts the batch's times by the difference to its own
// clock at receipt (docs/sync.md, Clocks). A change made offline on a phone whose clock is
// wrong (and which never measured it) keeps its true order against another device's changes.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { drained, learnerDevice } from '../support/progress-device';
import { createAsSuperuser, listAll } from './helpers';

let pb: TestPocketBase;
let courseId: string;
let chapters: { id: string }[];
let tasks: { id: string; chapter_id: string; task_identifier: string; title: string }[];
const DAY = 86_400_000;
/** Longer than a batch takes from send to receipt here, even on a busy machine. */
const TRANSIT_BOUND_MS = 1_500;

beforeAll(async () => {
  pb = await startPocketBase({ seed: true, behindProxy: true });
  courseId = (await listAll(pb, 'courses', `&filter=${encodeURIComponent('slug="whispering-game"')}`))[0].id;
  chapters = await listAll(pb, 'course_modules', '&sort=sort_order');
  tasks = await listAll(pb, 'course_tasks', '&sort=sort_order');
});

afterAll(async () => {
  await pb?.stop();
});

let n = 0;
async function learner() {
  n += 1;
  const user = await createUser(pb, { email: `clock${n}@example.com` });
  await createAsSuperuser(pb, 'course_enrollments', {
    user_id: user.id,
    course_id: courseId,
    enrolled_at: new Date().toISOString(),
    source: 'manual',
  });
  return user;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the app's writer names a tick by: the learner, the course and the seeded task. */
const taskRef = (userId: string, task: (typeof tasks)[number]) => ({
  userId,
  courseId,
  chapterId: task.chapter_id,
  taskIdentifier: task.task_identifier,
  taskTitle: task.title,
});

async function serverRecord(collection: string, userId: string) {
  return (await listAll(pb, collection, `&filter=${encodeURIComponent(`user_id="${userId}"`)}`))[0];
}

describe.each([
  ['a day ahead', DAY],
  ['a day behind', -DAY],
])('a phone whose clock runs %s and was never measured', (_label, skewMs) => {
  it('a tick it made offline keeps its true order against another device: the later untick wins', async () => {
    const user = await learner();
    const ref = taskRef(user.id, tasks[0]!);
    const phone = learnerDevice(pb.url, user.token, { skewMs, measured: false, ip: `10.31.${n}.1` });
    const laptop = learnerDevice(pb.url, user.token, { ip: `10.31.${n}.2` });
    phone.net.online = false;
    const tickedAt = Date.now();
    await phone.writer.setTaskCompleted(ref, true);
    // the order holds for changes further apart than a request's transit (docs/sync.md)
    await sleep(TRANSIT_BOUND_MS);
    // later, on the laptop (a true clock), the learner unticks it
    await laptop.writer.setTaskCompleted(ref, false);
    await drained(laptop.outbox);
    // the phone comes back online and sends its older tick
    phone.net.online = true;
    await drained(phone.outbox);
    const held = await serverRecord('user_task_progress', user.id);
    expect(held.completed).toBe(false);
    // and a tick made after that on the phone wins, at its true time (not a day off, not clamped)
    const again = Date.now();
    await phone.writer.setTaskCompleted(ref, true);
    await drained(phone.outbox);
    const now = await serverRecord('user_task_progress', user.id);
    expect(now.completed).toBe(true);
    const stored = Date.parse(String(now.client_updated_at).replace(' ', 'T'));
    expect(stored).toBeGreaterThanOrEqual(again);
    expect(stored).toBeLessThan(Date.now() + 1);
    expect(tickedAt).toBeLessThan(again);
  });

  it('a video position it saved offline keeps its true order: the later rewind elsewhere stays', async () => {
    const user = await learner();
    const ref = { userId: user.id, courseId, chapterId: chapters[1]!.id };
    const phone = learnerDevice(pb.url, user.token, { skewMs, measured: false, ip: `10.32.${n}.1` });
    const laptop = learnerDevice(pb.url, user.token, { ip: `10.32.${n}.2` });
    phone.net.online = false;
    await phone.writer.savePosition(ref, 300);
    await sleep(TRANSIT_BOUND_MS);
    await laptop.writer.savePosition(ref, 20);
    await drained(laptop.outbox);
    phone.net.online = true;
    await drained(phone.outbox);
    expect((await serverRecord('chapter_progress', user.id)).position_seconds).toBe(20);
  });
});

describe('corrected times', () => {
  it('two quick changes on one device keep their order whatever each batch took to arrive', async () => {
    const user = await learner();
    const ref = taskRef(user.id, tasks[1]!);
    const phone = learnerDevice(pb.url, user.token, { skewMs: 5 * 60_000, measured: false, ip: `10.33.${n}.1` });
    // the tick's batch is slow to arrive (it is sent, then 400 ms pass before the server reads it)
    phone.slowNextBatch(400);
    const first = phone.writer.setTaskCompleted(ref, true).then(() => drained(phone.outbox));
    await sleep(50);
    // the untick is made while the tick is on its way, and arrives at once
    await phone.writer.setTaskCompleted(ref, false);
    await first;
    await drained(phone.outbox);
    expect((await serverRecord('user_task_progress', user.id)).completed).toBe(false);
  });
});
