import { describe, expect, it } from 'vitest';
import { createProgressHandler } from '@/features/course/api/progress-sync';
import type { OutboxRow } from '@/lib/offline/outbox';
import { isLive, refreshStored, type SessionCheck } from '@/lib/pocketbase/session-state';
import { jwtLike, storedSessionClient } from '../support/stored-session';

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

// Sync-faults seed 148: a device whose clock was never measured thinks a token live that the
// server let expire; the server reads the upsert as a guest's and answers 404. The session
// check that follows got no answer (the proxy's 503), and the change was failed for good:
// the chip showed an error instead of "sign in again", and the completion was lost.
describe('a write refused while the session cannot be checked', () => {
  const HOUR = 3_600_000;
  /** The app's confirmSession over a stored session whose auth-refresh answers `refresh`. */
  function session(refresh: () => Promise<unknown>) {
    // live by the device's unmeasured clock
    const client = storedSessionClient(refresh, Date.now() + HOUR);
    const confirmSession = async () => {
      const check = await refreshStored(client as never, Date.now(), false);
      if (check === 'unknown') return check;
      return isLive(client.authStore as never, Date.now()) ? ('live' as const) : ('ended' as const);
    };
    return { authStore: client.authStore, confirmSession };
  }

  const send = (confirmSession: () => Promise<SessionCheck>) =>
    createProgressHandler(fakeClient(new Set(['a']), 404) as never, 'chapter_progress', { confirmSession }).send([
      row('a'),
    ]);

  it('is tried again, not failed, when the check gets no answer (5xx, 429, nothing)', async () => {
    for (const answer of [{ status: 503 }, { status: 429 }, { status: 0 }]) {
      const { authStore, confirmSession } = session(() => Promise.reject(answer));
      const before = authStore.token;
      const [result] = await send(confirmSession);
      expect(result).toMatchObject({ ok: false, retriable: true });
      expect(result).not.toMatchObject({ kind: 'auth' });
      expect(authStore.token).toBe(before);
    }
  });

  it('waits for sign-in when the server says the session has ended', async () => {
    const { authStore, confirmSession } = session(() => Promise.reject({ status: 401 }));
    const [result] = await send(confirmSession);
    expect(result).toEqual({ ok: false, retriable: true, kind: 'auth', error: 'Sign in again to sync.' });
    expect(authStore.token).toBe('');
  });

  it('is refused when the server renewed the session: the refusal was the write’s own', async () => {
    const { confirmSession } = session(async () => ({
      token: jwtLike(Date.now() + 30 * 24 * HOUR),
      record: { id: 'learner00000001' },
    }));
    const [result] = await send(confirmSession);
    expect(result).toEqual({ ok: false, retriable: false, error: 'bad a' });
  });
});
