// @vitest-environment jsdom
// A tick and the outbox row that carries it to the server are one change on the device:
// both are saved or neither is, and anything the device holds that the server lacks and
// nothing queued is queued when the progress is next pulled.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTaskCompleted } from '@/features/course/api/progress';
import { progressPullQueryOptions } from '@/features/course/api/progress-pull';
import { taskProgressId } from '@/features/course/model/progress-id';
import { db } from '@/lib/offline/db';
import { outbox } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';

const outboxTable = () => db.outbox;

const ref = { userId: 'u1', courseId: 'c1', chapterId: 'm1', taskIdentifier: 'TASK_01', taskTitle: 'Look' };
const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
const liveToken = `${b64({ alg: 'HS256' })}.${b64({ id: 'u1', type: 'auth', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

let persist: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await outboxTable().clear();
  pb.authStore.save(liveToken, { id: 'u1', collectionName: 'users' } as never);
  // the device is offline: nothing is sent while these tests look at the queue
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  persist = vi.fn(async () => true);
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { persist, persisted: async () => false, estimate: async () => ({ usage: 0, quota: 1e9 }) },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  outbox.stop();
});

describe('a tick on the device', () => {
  // first: the page asks once, on its first queued write
  it('asks the browser to keep the site data on the first queued write, not only on the first download', async () => {
    await setTaskCompleted(ref, true);
    await vi.waitFor(() => expect(persist).toHaveBeenCalled());
  });

  it('untick: the box and the queued change both say unticked (a writer that ignored `completed` passed every test here)', async () => {
    const id = await taskProgressId('u1', 'm1', 'TASK_01');
    await setTaskCompleted(ref, true);
    await setTaskCompleted(ref, false);
    const queued = (await outboxTable().toArray()).map((r) => (r.payload as { record: { completed: boolean } }).record);
    expect({ shown: (await db.task_progress.get(id))?.completed, queued: queued.map((r) => r.completed) }).toEqual({
      shown: false,
      queued: [false],
    });
    await setTaskCompleted(ref, true);
    expect((await db.task_progress.get(id))?.completed).toBe(true);
  });

  it('is not kept when its outbox row cannot be written (a tab killed or an enqueue that throws)', async () => {
    const table = outboxTable();
    const proto = Object.getPrototypeOf(table) as {
      add: (...a: unknown[]) => unknown;
      put: (...a: unknown[]) => unknown;
    };
    for (const method of ['add', 'put'] as const) {
      const original = proto[method];
      vi.spyOn(proto, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
        if ((args[0] as { op?: string } | undefined)?.op) throw new Error('the tab was killed');
        return original.apply(this, args);
      });
    }
    await expect(setTaskCompleted(ref, true)).rejects.toThrow();
    vi.restoreAllMocks();
    const shown = await db.task_progress.count();
    const queued = await outboxTable().count();
    expect({ shown, queued }).toEqual({ shown: 0, queued: 0 });
  });

  it('that the server lacks and nothing queued is queued when progress is pulled', async () => {
    const id = await taskProgressId('u1', 'm1', 'TASK_01');
    // left by an older release: the tick was saved, its outbox row never was
    await db.task_progress.put({
      id,
      user_id: 'u1',
      course_id: 'c1',
      chapter_id: 'm1',
      task_identifier: 'TASK_01',
      task_title: 'Look',
      completed: true,
      completed_at: 5_000,
      client_updated_at: 5_000,
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (String(input).includes('/api/batch')) return new Response('offline for this test', { status: 503 });
        return Response.json({ page: 1, perPage: 500, totalItems: 0, totalPages: 1, items: [] });
      }),
    );
    await new QueryClient().fetchQuery(progressPullQueryOptions('u1', 'c1'));
    const queued = (await outboxTable().toArray()) as { payload: { record: { id: string; completed: boolean } } }[];
    expect(queued.map((r) => [r.payload.record.id, r.payload.record.completed])).toEqual([[id, true]]);
  });

  it('that this device wrote and the server holds is not queued again, however far ahead its clock ran', async () => {
    const id = await taskProgressId('u1', 'm1', 'TASK_02');
    const day = 86_400_000;
    // synced long ago (its time on the device is a day ahead: the clock was never measured);
    // another device unticked it since
    await db.task_progress.put({
      id,
      user_id: 'u1',
      course_id: 'c1',
      chapter_id: 'm1',
      task_identifier: 'TASK_02',
      task_title: 'Look',
      completed: true,
      completed_at: Date.now() + day,
      client_updated_at: Date.now() + day,
      device_id: 'deviceaaaaaaaaa',
      device_at: Date.now() + day,
    });
    const server = {
      id,
      user_id: 'u1',
      course_id: 'c1',
      chapter_id: 'm1',
      task_identifier: 'TASK_02',
      task_title: 'Look',
      completed: false,
      completed_at: '',
      client_updated_at: new Date().toISOString(),
      device_id: 'devicebbbbbbbbb',
      device_at: new Date().toISOString(),
    };
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        Response.json({
          page: 1,
          perPage: 500,
          totalItems: 1,
          totalPages: 1,
          items: String(input).includes('user_task_progress') ? [server] : [],
        }),
      ),
    );
    await new QueryClient().fetchQuery(progressPullQueryOptions('u1', 'c1'));
    expect(await outboxTable().count()).toBe(0);
    expect(await db.task_progress.get(id)).toMatchObject({ completed: false, device_id: 'devicebbbbbbbbb' });
  });
});
