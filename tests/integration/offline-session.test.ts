// A learner's queue outlives their token: rows wait (never failed, never sent under another
// account) until the same learner signs in again, then sync.
import 'fake-indexeddb/auto';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from '@/features/course/api/progress-records';
import { createProgressHandler } from '@/features/course/api/progress-sync';
import { taskProgressId } from '@/features/course/model/progress-id';
import { AtelierDb } from '@/lib/offline/db';
import { createOutbox, type OutboxRow } from '@/lib/offline/outbox';
import { asSuperuser, createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { createAsSuperuser, listAll } from './helpers';

let pb: TestPocketBase;
let courseId: string;
let tasks: { id: string; chapter_id: string; task_identifier: string }[];

beforeAll(async () => {
  pb = await startPocketBase({ seed: true });
  courseId = (await listAll(pb, 'courses', `&filter=${encodeURIComponent('slug="whispering-game"')}`))[0].id;
  tasks = await listAll(pb, 'course_tasks', '&sort=sort_order');
});

afterAll(async () => {
  await pb?.stop();
});

/** A sign-in that lasts `seconds` (impersonation, as the e2e accounts do). */
async function signInFor(userId: string, seconds: number): Promise<string> {
  const res = await asSuperuser(pb, `/api/collections/users/impersonate/${userId}`, {
    method: 'POST',
    body: JSON.stringify({ duration: seconds }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function enrol(userId: string) {
  await createAsSuperuser(pb, 'course_enrollments', {
    user_id: userId,
    course_id: courseId,
    enrolled_at: new Date().toISOString(),
    source: 'manual',
  });
}

describe('a queue whose session expired while offline', () => {
  it('waits, never under another account, and syncs once the same learner signs in again', {
    timeout: 60_000,
  }, async () => {
    const ana = await createUser(pb, { email: 'ana-away@example.com' });
    const bo = await createUser(pb, { email: 'bo-borrows@example.com' });
    await enrol(ana.id);
    await enrol(bo.id);
    const client = new PocketBase(pb.url);
    client.autoCancellation(false);
    client.authStore.save(await signInFor(ana.id, 2), { id: ana.id } as never);
    const net = { online: false };
    const session = () => {
      const id = (client.authStore.record as { id?: string } | null)?.id;
      return client.authStore.isValid && id ? id : null;
    };
    const outbox = createOutbox(new AtelierDb(`expired-${Date.now()}`).outbox, {
      now: () => Date.now(),
      random: () => 0.5,
      isOnline: () => net.online,
      canSend: (row: OutboxRow) => !row.userId || row.userId === session(),
      withLock: async (fn) => {
        await fn();
        return true;
      },
      setTimer: () => () => {},
    } as Parameters<typeof createOutbox>[1]);
    outbox.register(TASK_PROGRESS_OP, createProgressHandler(client, 'user_task_progress'));
    outbox.register(CHAPTER_PROGRESS_OP, createProgressHandler(client, 'chapter_progress'));

    // offline on a train: three ticks
    for (const task of tasks.slice(0, 3)) {
      await outbox.enqueue(
        TASK_PROGRESS_OP,
        {
          record: {
            id: await taskProgressId(ana.id, task.chapter_id, task.task_identifier),
            user_id: ana.id,
            course_id: courseId,
            chapter_id: task.chapter_id,
            task_identifier: task.task_identifier,
            completed: true,
            client_updated_at: new Date().toISOString(),
          },
        },
        { userId: ana.id, coalesceKey: `t:${task.id}` },
      );
    }
    await new Promise((r) => setTimeout(r, 2_500)); // the token expires on the way
    net.online = true;
    await outbox.drain();
    expect(await outbox.status()).toMatchObject({ pending: 3, failed: 0 });

    // Bo signs in on the same device: Ana's rows are not sent with his session
    client.authStore.save(bo.token, { id: bo.id } as never);
    await outbox.drain();
    expect(await outbox.status()).toMatchObject({ pending: 3, failed: 0 });
    const ticks = async () =>
      (await listAll(pb, 'user_task_progress', `&filter=${encodeURIComponent(`user_id="${ana.id}"`)}`)).length;
    expect(await ticks()).toBe(0);

    // Ana signs in again: her queue syncs under her account
    client.authStore.save(await signInFor(ana.id, 3600), { id: ana.id } as never);
    await outbox.drain();
    expect(await outbox.status()).toMatchObject({ pending: 0, failed: 0 });
    expect(await ticks()).toBe(3);
  });
});
