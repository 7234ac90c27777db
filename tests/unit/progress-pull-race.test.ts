// A progress pull reads the server's records, then reconciles them with the device's copy. A
// change this device sent while that read was on its way is on the server, though the list
// the pull got is older: the pull must not take the list's word that the server lacks it and
// queue the device's copy again (on the server's clock, without the device's reading). Such a
// row, joined by the learner's next change on a clock that was never measured, took the
// device's time for the server's: the later untick lost to another device's earlier tick
// (sync-faults seed 35 under load).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localTask, TASK_PROGRESS_OP } from '@/features/course/api/progress-records';
import { pullProgress } from '@/features/course/api/progress-reconcile';
import { createProgressHandler } from '@/features/course/api/progress-sync';
import { createProgressWriter } from '@/features/course/api/progress-writes';
import { taskProgressId } from '@/features/course/model/progress-id';
import { AtelierDb } from '@/lib/offline/db';
import { createOutbox } from '@/lib/offline/outbox';

const USER = 'u1';
const COURSE = 'c1';
const DEVICE = 'deviceaaaaaaaaa';
/** The device's clock runs six hours behind and was never measured (offset 0). */
const SKEW = -6 * 3_600_000;
const task = { userId: USER, courseId: COURSE, chapterId: 'm1', taskIdentifier: 'TASK_04', taskTitle: 'Draw' };

let db: AtelierDb;
let n = 0;

beforeEach(() => {
  db = new AtelierDb(`pull-race-${++n}`);
});

afterEach(async () => {
  await db.delete();
});

function device() {
  const outbox = createOutbox(db.outbox, {
    now: () => Date.now(),
    random: () => 0.5,
    isOnline: () => false, // nothing is sent by itself: the test sends
    withLock: async (fn) => {
      await fn();
      return true;
    },
    setTimer: () => () => undefined,
  });
  const clock = { deviceNow: () => Date.now() + SKEW, offset: () => 0 };
  const writer = createProgressWriter({ db, outbox, clock, deviceId: async () => DEVICE });
  return { outbox, writer };
}

/** What the outbox does when the server answered a row: the row goes, the answer becomes the device's copy. */
async function sent(record: Record<string, unknown>) {
  await db.transaction('rw', db.outbox, db.task_progress, async () => {
    await db.outbox.clear();
    await db.task_progress.put(localTask(record as never));
  });
}

/** A client whose list of task records was read before `during` ran (what the server then held). */
function clientReading(held: unknown[], during: () => Promise<void>) {
  return {
    filter: (raw: string) => raw,
    collection: (name: string) => ({
      getFullList: async () => {
        if (name === 'user_task_progress') await during();
        return name === 'user_task_progress' ? held : [];
      },
    }),
  } as never;
}

const serverRecord = async (completed: boolean, at: number) => ({
  id: await taskProgressId(USER, 'm1', 'TASK_04'),
  user_id: USER,
  course_id: COURSE,
  chapter_id: 'm1',
  task_identifier: 'TASK_04',
  task_title: 'Draw',
  completed,
  client_updated_at: at,
  device_id: DEVICE,
  device_at: at + SKEW,
});

describe('a progress pull racing the device’s own send', () => {
  it('does not queue again a change that was waiting when the pull began and was sent meanwhile', async () => {
    const { outbox, writer } = device();
    await writer.setTaskCompleted(task, true);
    expect(await db.outbox.count()).toBe(1);
    const answer = await serverRecord(true, Date.now());
    const queued = await pullProgress({ db, outbox, client: clientReading([], () => sent(answer)) }, USER, COURSE);
    expect({ queued, rows: await db.outbox.count() }).toEqual({ queued: 0, rows: 0 });
    expect(await db.task_progress.get(answer.id)).toMatchObject({ completed: true, device_id: DEVICE });
  });

  it('does not queue again a change made and sent while the pull was on its way', async () => {
    const { outbox, writer } = device();
    const answer = await serverRecord(true, Date.now());
    const queued = await pullProgress(
      {
        db,
        outbox,
        client: clientReading([], async () => {
          await writer.setTaskCompleted(task, true);
          await sent(answer);
        }),
      },
      USER,
      COURSE,
    );
    expect({ queued, rows: await db.outbox.count() }).toEqual({ queued: 0, rows: 0 });
    expect(await db.task_progress.get(answer.id)).toMatchObject({ completed: true });
  });

  it('keeps the learner’s next change on the device’s clock, sent with its reading', async () => {
    const { outbox, writer } = device();
    await writer.setTaskCompleted(task, true);
    const answer = await serverRecord(true, Date.now());
    await pullProgress({ db, outbox, client: clientReading([], () => sent(answer)) }, USER, COURSE);
    await writer.setTaskCompleted(task, false);
    const rows = (await db.outbox.toArray()).map((r) => {
      const payload = r.payload as { clock?: string; record: { completed: boolean } };
      return [r.op, payload.clock, payload.record.completed];
    });
    expect(rows).toEqual([[TASK_PROGRESS_OP, 'device', false]]);
  });

  it('a copy queued on the server’s clock does not take in the learner’s next change: each goes with its own clock', async () => {
    const { outbox, writer } = device();
    const id = await taskProgressId(USER, 'm1', 'TASK_04');
    // left by an older release: ticked, never queued; the server lacks it, so the pull queues it
    await db.task_progress.put({
      id,
      user_id: USER,
      course_id: COURSE,
      chapter_id: 'm1',
      task_identifier: 'TASK_04',
      task_title: 'Draw',
      completed: true,
      completed_at: Date.now() - 60_000,
      client_updated_at: Date.now() - 60_000,
    });
    expect(await pullProgress({ db, outbox, client: clientReading([], async () => {}) }, USER, COURSE)).toBe(1);
    await writer.setTaskCompleted(task, false);
    const rows = (await db.outbox.orderBy('createdAt').toArray()).map((r) => {
      const payload = r.payload as { clock?: string; record: { completed: boolean; device_at?: string } };
      return [payload.clock ?? 'server', payload.record.completed];
    });
    expect(rows).toEqual([
      ['server', true],
      ['device', false],
    ]);
    // sent as two upserts, the change with the device's clock reading
    const upserts: { completed: boolean; header?: string }[] = [];
    const client = {
      createBatch: () => ({
        collection: () => ({
          upsert: (record: { completed: boolean }, options?: { headers?: Record<string, string> }) => {
            upserts.push({ completed: record.completed, header: options?.headers?.['X-Atelier-Device-Time'] });
          },
        }),
        send: async () => [],
      }),
    };
    const handler = createProgressHandler(client as never, 'user_task_progress', {
      clock: { deviceNow: () => Date.now() + SKEW },
    });
    const results = await handler.send(await db.outbox.orderBy('createdAt').toArray());
    expect(results.every((r) => r.ok)).toBe(true);
    expect(upserts.map((u) => [u.completed, u.header ? 'with reading' : 'without'])).toEqual([
      [true, 'without'],
      [false, 'with reading'],
    ]);
  });
});
