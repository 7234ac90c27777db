import { describe, expect, it } from 'vitest';
import { createProgressHandler } from '@/features/course/api/progress-sync';
import type { OutboxRow } from '@/lib/offline/outbox';

// A batch client double: fails the batch on the first item whose id is in `bad`, the way
// PocketBase answers (400 with data.requests.N).
function fakeClient(bad: Set<string>, status = 400) {
  const sent: string[][] = [];
  return {
    sent,
    createBatch() {
      const ids: string[] = [];
      return {
        collection: () => ({
          upsert: (r: { id: string }) => {
            ids.push(r.id);
          },
        }),
        async send() {
          sent.push([...ids]);
          const n = ids.findIndex((id) => bad.has(id));
          if (n < 0) return [];
          throw Object.assign(new Error('Batch transaction failed.'), {
            status: 400,
            response: {
              data: {
                requests: {
                  [n]: {
                    code: 'batch_request_failed',
                    message: 'Batch request failed.',
                    response: { status, message: `bad ${ids[n]}`, data: {} },
                  },
                },
              },
            },
          });
        },
      };
    },
  };
}

const row = (id: string) => ({ id, op: 'task-progress', payload: { record: { id } } }) as unknown as OutboxRow;

describe('progress batch handler', () => {
  it('fails only the bad item and sends the rest again', async () => {
    const client = fakeClient(new Set(['b']));
    const results = await createProgressHandler(client as never, 'user_task_progress').send(['a', 'b', 'c'].map(row));
    expect(results).toEqual([{ ok: true }, { ok: false, retriable: false, error: 'bad b' }, { ok: true }]);
    expect(client.sent).toEqual([
      ['a', 'b', 'c'],
      ['a', 'c'],
    ]);
  });

  it('retries everything later when an item failed for a transient reason', async () => {
    const client = fakeClient(new Set(['b']), 503);
    const results = await createProgressHandler(client as never, 'user_task_progress').send(['a', 'b'].map(row));
    expect(results.every((r) => !r.ok && r.retriable)).toBe(true);
  });

  it('retries a failed batch that names no item (the server stopped mid-transaction) instead of refusing it', async () => {
    const client = {
      createBatch: () => ({
        collection: () => ({ upsert: () => {} }),
        send: async () => {
          throw Object.assign(new Error('Batch transaction failed.'), { status: 400, response: { data: {} } });
        },
      }),
    };
    const results = await createProgressHandler(client as never, 'user_task_progress').send(['a', 'b'].map(row));
    expect(results.map((r) => !r.ok && r.retriable)).toEqual([true, true]);
  });

  it('treats a network failure as retriable for every row', async () => {
    const client = {
      createBatch: () => ({
        collection: () => ({ upsert: () => {} }),
        send: async () => {
          throw Object.assign(new TypeError('Failed to fetch'), { status: 0 });
        },
      }),
    };
    const results = await createProgressHandler(client as never, 'chapter_progress').send(['a', 'b'].map(row));
    expect(results).toEqual([
      { ok: false, retriable: true, kind: 'network', error: 'Failed to fetch' },
      { ok: false, retriable: true, kind: 'network', error: 'Failed to fetch' },
    ]);
  });

  it('sends one merged upsert per record when the queue holds several writes of it', async () => {
    const upserts: Record<string, unknown>[] = [];
    const client = {
      createBatch: () => ({
        collection: () => ({ upsert: (r: Record<string, unknown>) => upserts.push(r) }),
        send: async () => [],
      }),
    };
    const tick = (completed: boolean, at: string) =>
      ({
        id: at,
        op: 'task-progress',
        payload: { record: { id: 'task1', completed, completed_at: completed ? at : '', client_updated_at: at } },
      }) as unknown as OutboxRow;
    const results = await createProgressHandler(client as never, 'user_task_progress').send([
      tick(true, '2026-11-21T10:00:03.000Z'),
      tick(false, '2026-11-21T10:00:05.000Z'),
      tick(true, '2026-11-21T10:00:04.000Z'),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(upserts).toHaveLength(1);
    expect(upserts[0]).toMatchObject({ id: 'task1', completed: false, client_updated_at: '2026-11-21T10:00:05.000Z' });
  });

  it('sends at most 200 upserts per batch request', async () => {
    const client = fakeClient(new Set());
    const rows = Array.from({ length: 450 }, (_, i) => row(`r${i}`));
    const results = await createProgressHandler(client as never, 'user_task_progress').send(rows);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(client.sent.map((b) => b.length)).toEqual([200, 200, 50]);
  });
});
