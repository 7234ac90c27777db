import { afterEach, describe, expect, it } from 'vitest';
import { createProgressHandler } from '@/features/course/api/progress-sync';
import { AtelierDb } from '@/lib/offline/db';
import {
  backoffDelay,
  classifyError,
  createOutbox,
  type OutboxRow,
  type SendResult,
  UNEXPLAINED_FAILURE_LIMIT,
} from '@/lib/offline/outbox';

let dbCount = 0;
const opened: AtelierDb[] = [];

function harness(opts: { online?: boolean; lockFree?: boolean; name?: string; sendTimeoutMs?: number } = {}) {
  const state = {
    now: 1_000_000,
    online: opts.online ?? true,
    lockFree: opts.lockFree ?? true,
    timers: [] as { at: number; fn: () => void }[],
  };
  const db = new AtelierDb(opts.name ?? `outbox-test-${++dbCount}`);
  opened.push(db);
  const outbox = createOutbox(db.outbox, {
    sendTimeoutMs: opts.sendTimeoutMs,
    now: () => state.now,
    random: () => 0.5,
    isOnline: () => state.online,
    async withLock(fn) {
      if (!state.lockFree) return false;
      await fn();
      return true;
    },
    setTimer(fn, ms) {
      const t = { at: state.now + ms, fn };
      state.timers.push(t);
      return () => {
        state.timers = state.timers.filter((x) => x !== t);
      };
    },
  });
  return { state, db, outbox };
}

function recorder(results: (rows: OutboxRow[]) => SendResult[] = (rows) => rows.map(() => ({ ok: true }))) {
  const sent: unknown[][] = [];
  return {
    sent,
    handler: {
      async send(rows: OutboxRow[]) {
        sent.push(rows.map((r) => r.payload));
        return results(rows);
      },
    },
  };
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

describe('outbox', () => {
  it('a write queued offline is sent exactly once after the browser comes back online', async () => {
    const { state, outbox } = harness({ online: false });
    const rec = recorder();
    outbox.register('contact', rec.handler);
    await outbox.enqueue('contact', { message: 'hello' });
    await outbox.drain();
    expect(rec.sent).toEqual([]);
    expect((await outbox.status()).pending).toBe(1);

    state.online = true;
    await outbox.drain();
    await outbox.drain();
    expect(rec.sent).toEqual([[{ message: 'hello' }]]);
    expect((await outbox.status()).pending).toBe(0);
  });

  it('a queued write survives closing and reopening the database (a reload)', async () => {
    const first = harness({ online: false, name: 'outbox-reload' });
    await first.outbox.enqueue('task', { done: true }, { userId: 'u1' });
    first.db.close();

    const second = harness({ online: true, name: 'outbox-reload' });
    const rec = recorder();
    second.outbox.register('task', rec.handler);
    await second.outbox.drain();
    expect(rec.sent).toEqual([[{ done: true }]]);
  });

  it('coalesced writes send only the newest payload', async () => {
    const { state, outbox } = harness({ online: false });
    const rec = recorder();
    outbox.register('position', rec.handler);
    for (const seconds of [2, 4, 6, 8]) await outbox.enqueue('position', { seconds }, { coalesceKey: 'chapter-1' });
    expect((await outbox.status()).pending).toBe(1);
    state.online = true;
    await outbox.drain();
    expect(rec.sent).toEqual([[{ seconds: 8 }]]);
  });

  it('a payload replaced while its predecessor is in flight is not lost', async () => {
    const { outbox } = harness();
    const sent: unknown[] = [];
    let replaced = false;
    outbox.register('position', {
      async send(rows) {
        sent.push(...rows.map((r) => r.payload));
        if (!replaced) {
          replaced = true;
          await outbox.enqueue('position', { seconds: 10 }, { coalesceKey: 'c' });
        }
        return rows.map(() => ({ ok: true as const }));
      },
    });
    await outbox.enqueue('position', { seconds: 4 }, { coalesceKey: 'c' });
    await outbox.drain();
    expect(sent).toEqual([{ seconds: 4 }, { seconds: 10 }]);
    expect((await outbox.status()).pending).toBe(0);
  });

  it('a 4xx leaves the queue as a visible failure and is not retried', async () => {
    const { state, outbox } = harness();
    let calls = 0;
    outbox.register('contact', {
      async send() {
        calls++;
        throw Object.assign(new Error('Email is invalid.'), { status: 400 });
      },
    });
    await outbox.enqueue('contact', { email: 'nope' });
    await outbox.drain();
    state.now += 60 * 60_000;
    await outbox.drain();
    expect(calls).toBe(1);
    const status = await outbox.status();
    expect(status).toMatchObject({ pending: 0, failed: 1, lastError: 'Email is invalid.' });
  });

  it('network errors and 5xx retry later with growing backoff, then succeed once', async () => {
    const { state, outbox, db } = harness();
    const outcomes: SendResult[] = [
      { ok: false, retriable: true, error: 'Failed to fetch' },
      { ok: false, retriable: true, error: 'Bad gateway' },
      { ok: true },
    ];
    let calls = 0;
    outbox.register('task', { send: async (rows) => rows.map(() => outcomes[calls++]!) });
    await outbox.enqueue('task', { id: 1 });
    await outbox.drain();
    const afterFirst = (await db.outbox.toArray())[0]!;
    expect(afterFirst.attempts).toBe(1);
    expect(afterFirst.nextAttemptAt - state.now).toBe(backoffDelay(1, () => 0.5));

    await outbox.drain(); // not due yet
    expect(calls).toBe(1);
    state.now = afterFirst.nextAttemptAt;
    await outbox.drain();
    const afterSecond = (await db.outbox.toArray())[0]!;
    expect(afterSecond.nextAttemptAt - state.now).toBeGreaterThan(afterFirst.nextAttemptAt - 1_000_000);
    state.now = afterSecond.nextAttemptAt;
    await outbox.drain();
    expect(calls).toBe(3);
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not send while another tab holds the outbox lock', async () => {
    const { state, outbox } = harness({ lockFree: false });
    const rec = recorder();
    outbox.register('task', rec.handler);
    await outbox.enqueue('task', { id: 1 });
    await outbox.drain();
    expect(rec.sent).toEqual([]);
    state.lockFree = true;
    await outbox.drain();
    expect(rec.sent).toEqual([[{ id: 1 }]]);
  });

  it('sends rows in batches of the handler size and keeps per-row results apart', async () => {
    const { outbox, db } = harness();
    const sizes: number[] = [];
    outbox.register('task', {
      batchSize: 3,
      async send(rows) {
        sizes.push(rows.length);
        return rows.map((r) =>
          (r.payload as { n: number }).n === 4 ? { ok: false, retriable: false, error: 'bad item' } : { ok: true },
        );
      },
    });
    for (let n = 0; n < 7; n++) await outbox.enqueue('task', { n });
    await outbox.drain();
    expect(sizes).toEqual([3, 3, 1]);
    const left = await db.outbox.toArray();
    expect(left.map((r) => [r.payload, r.status])).toEqual([[{ n: 4 }, 'failed']]);
  });

  it('sign-out clears only that user’s rows', async () => {
    const { outbox, db } = harness({ online: false });
    await outbox.enqueue('task', { a: 1 }, { userId: 'u1' });
    await outbox.enqueue('task', { b: 1 }, { userId: 'u2' });
    await outbox.clear({ userId: 'u1' });
    expect((await db.outbox.toArray()).map((r) => r.userId)).toEqual(['u2']);
  });
});

describe('classifyError and backoff', () => {
  it('treats missing status, 5xx, 408 and 429 as retriable and other 4xx as final', () => {
    expect(classifyError(new TypeError('Failed to fetch'))).toMatchObject({ retriable: true });
    expect(classifyError({ status: 503, message: 'x' })).toMatchObject({ retriable: true });
    expect(classifyError({ status: 429 })).toMatchObject({ retriable: true });
    expect(classifyError({ status: 408 })).toMatchObject({ retriable: true });
    expect(classifyError({ status: 400 })).toMatchObject({ retriable: false });
    expect(classifyError({ status: 403 })).toMatchObject({ retriable: false });
  });

  it('backs off exponentially with jitter and caps at five minutes', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(30, () => 1)).toBe(300_000);
    expect(backoffDelay(30, () => 0)).toBe(150_000);
  });
});

describe('outbox under faults', () => {
  it('a batch the server keeps failing without naming an item is retried, then shown as refused with a reason to discard', async () => {
    const { state, outbox, db } = harness();
    let sends = 0;
    const client = {
      createBatch: () => ({
        collection: () => ({ upsert: () => {} }),
        send: async () => {
          sends++;
          throw Object.assign(new Error('Batch transaction failed.'), { status: 400, response: { data: {} } });
        },
      }),
    };
    outbox.register('task-progress', createProgressHandler(client as never, 'user_task_progress'));
    await outbox.enqueue('task-progress', { record: { id: 't1', completed: true } });
    for (let i = 0; i < 20; i++) {
      const [pending] = await db.outbox.toArray();
      if (pending) state.now = Math.max(state.now, pending.nextAttemptAt);
      await outbox.drain();
    }
    // a server stopping mid-transaction gets retries; one that refuses every time is not retried forever
    expect(sends).toBe(UNEXPLAINED_FAILURE_LIMIT);
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ status: 'failed', lastErrorKind: 'refused' });
    expect(failed?.lastError).toMatch(/kept failing/);
    expect(await outbox.status()).toMatchObject({ pending: 0, failed: 1 });
  }, 15_000);

  it('a coalesced write keeps the backoff of the row it joins (a playing video does not hammer a 503)', async () => {
    const { state, outbox } = harness();
    let calls = 0;
    outbox.register('position', {
      async send(rows) {
        calls++;
        return rows.map(() => ({ ok: false as const, retriable: true, error: 'Service Unavailable' }));
      },
    });
    await outbox.enqueue('position', { seconds: 2 }, { coalesceKey: 'chapter-1' });
    await outbox.drain();
    expect(calls).toBe(1);
    // the player saves every 2 s while the server is down: a minute of positions
    for (let s = 4; s <= 60; s += 2) {
      state.now += 2_000;
      await outbox.enqueue('position', { seconds: s }, { coalesceKey: 'chapter-1' });
      await outbox.drain();
    }
    // backoff 1 s, 2 s, 4 s, 8 s, 16 s, 32 s (with jitter 0.5 → 0.75 of each): at most 6 more sends in 58 s
    expect(calls).toBeLessThanOrEqual(7);
  });

  it('a send that hangs times out, frees the outbox for the next pass and is retried', async () => {
    const { state, outbox, db } = harness({ sendTimeoutMs: 50 });
    let calls = 0;
    outbox.register('task', {
      send(rows, ctx?: { signal?: AbortSignal }) {
        calls++;
        if (calls > 1) return Promise.resolve(rows.map(() => ({ ok: true as const })));
        // never answers unless aborted
        return new Promise((_, reject) => ctx?.signal?.addEventListener('abort', () => reject(ctx.signal?.reason)));
      },
    });
    await outbox.enqueue('task', { id: 1 });
    const drained = await Promise.race([
      outbox.drain().then(() => 'drained'),
      new Promise((r) => setTimeout(() => r('still hanging after 2 s'), 2_000)),
    ]);
    expect(drained).toBe('drained');
    const row = (await db.outbox.toArray())[0]!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/timed out/i);
    state.now = row.nextAttemptAt;
    await outbox.drain();
    expect(calls).toBe(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a newer write of the same record that syncs clears the stale refusal of an older one', async () => {
    const { outbox, db } = harness();
    let refuse = true;
    outbox.register('task', {
      async send(rows) {
        return rows.map(() =>
          refuse ? { ok: false as const, retriable: false, error: 'Not enrolled.' } : { ok: true as const },
        );
      },
    });
    await outbox.enqueue('task', { done: true, at: 1 }, { coalesceKey: 'task-1' });
    await outbox.drain();
    expect((await outbox.status()).failed).toBe(1);
    refuse = false;
    await outbox.enqueue('task', { done: true, at: 2 }, { coalesceKey: 'task-1' });
    await outbox.drain();
    expect(await db.outbox.count()).toBe(0);
    expect(await outbox.status()).toMatchObject({ pending: 0, failed: 0 });
  });

  // Sync-faults seed 490: a chapter's position change was refused, then the learner's next
  // visit of that chapter synced and took the refused row with it: the position was lost on
  // the server and, once the visit's answer settled, on the device too.
  it('a newer chapter write that does not carry a refused change leaves that refusal standing', async () => {
    const { outbox, db } = harness();
    let refuse = true;
    const client = {
      createBatch: () => ({
        collection: () => ({ upsert: () => {} }),
        send: async () => {
          if (!refuse) return [];
          throw Object.assign(new Error('Batch transaction failed.'), {
            status: 400,
            response: { data: { requests: { 0: { response: { status: 400, message: 'Failed to create record.' } } } } },
          });
        },
      }),
    };
    outbox.register('chapter-progress', createProgressHandler(client as never, 'chapter_progress'));
    const ids = { id: 'chapter1record', user_id: 'u1', course_id: 'c1', chapter_id: 'ch1' };
    const change = (fields: Record<string, unknown>) => ({ record: { ...ids, ...fields }, clock: 'device' as const });
    const queue = (fields: Record<string, unknown>) =>
      outbox.enqueue('chapter-progress', change(fields), {
        coalesceKey: 'chapter_progress:chapter1record',
        userId: 'u1',
      });
    const at = '2026-11-27T18:00:00.000Z';
    await queue({ visited: true, position_seconds: 560, position_at: at, client_updated_at: at });
    await outbox.drain();
    expect((await outbox.status()).failed).toBe(1);

    refuse = false;
    await queue({ visited: true, last_visited_at: at, client_updated_at: at }); // a visit
    await outbox.drain();
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ status: 'failed', payload: { record: { position_seconds: 560 } } });

    // a newer position does carry it: the refusal is moot then
    await queue({ visited: true, position_seconds: 600, position_at: at, client_updated_at: at });
    await outbox.drain();
    expect(await db.outbox.count()).toBe(0);
  });

  it('"Try again" sends what the device holds now, not the payload that was refused', async () => {
    const { outbox } = harness();
    const sent: unknown[] = [];
    let current = { done: true, title: 'rejected title' };
    outbox.register('task', {
      async send(rows) {
        sent.push(...rows.map((r) => r.payload));
        return rows.map((r) =>
          (r.payload as { title: string }).title === 'rejected title'
            ? { ok: false as const, retriable: false, error: 'Bad title.' }
            : { ok: true as const },
        );
      },
      refresh: async () => current,
    });
    await outbox.enqueue('task', current, { coalesceKey: 'task-1' });
    await outbox.drain();
    current = { done: true, title: 'fixed title' };
    await outbox.retryFailed();
    await outbox.drain();
    expect(sent).toEqual([
      { done: true, title: 'rejected title' },
      { done: true, title: 'fixed title' },
    ]);
    expect((await outbox.status()).failed).toBe(0);
  });

  it('coalescing folds an older snapshot into the queued one with the merge rules instead of replacing it', async () => {
    const { state, outbox } = harness({ online: false });
    const rec = recorder();
    outbox.register('position', rec.handler);
    type P = { seconds: number; at: number };
    const fold = (a: P, b: P) => (b.at > a.at ? b : a);
    // tab A queues the newer position, then tab B's enqueue of an older snapshot lands
    await outbox.enqueue('position', { seconds: 100, at: 20 }, { coalesceKey: 'chapter-1', fold });
    await outbox.enqueue('position', { seconds: 50, at: 10 }, { coalesceKey: 'chapter-1', fold });
    state.online = true;
    await outbox.drain();
    expect(rec.sent).toEqual([[{ seconds: 100, at: 20 }]]);
  });
});
