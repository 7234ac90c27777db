import { afterEach, describe, expect, it } from 'vitest';
import {
  backoffDelay,
  classifyError,
  createOutbox,
  OutboxDb,
  type OutboxRow,
  type SendResult,
} from '@/lib/offline/outbox';

let dbCount = 0;
const opened: OutboxDb[] = [];

function harness(opts: { online?: boolean; lockFree?: boolean; name?: string } = {}) {
  const state = {
    now: 1_000_000,
    online: opts.online ?? true,
    lockFree: opts.lockFree ?? true,
    timers: [] as { at: number; fn: () => void }[],
  };
  const db = new OutboxDb(opts.name ?? `outbox-test-${++dbCount}`);
  opened.push(db);
  const outbox = createOutbox(db, {
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
    const afterFirst = (await db.rows.toArray())[0]!;
    expect(afterFirst.attempts).toBe(1);
    expect(afterFirst.nextAttemptAt - state.now).toBe(backoffDelay(1, () => 0.5));

    await outbox.drain(); // not due yet
    expect(calls).toBe(1);
    state.now = afterFirst.nextAttemptAt;
    await outbox.drain();
    const afterSecond = (await db.rows.toArray())[0]!;
    expect(afterSecond.nextAttemptAt - state.now).toBeGreaterThan(afterFirst.nextAttemptAt - 1_000_000);
    state.now = afterSecond.nextAttemptAt;
    await outbox.drain();
    expect(calls).toBe(3);
    expect(await db.rows.count()).toBe(0);
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
    const left = await db.rows.toArray();
    expect(left.map((r) => [r.payload, r.status])).toEqual([[{ n: 4 }, 'failed']]);
  });

  it('sign-out clears only that user’s rows', async () => {
    const { outbox, db } = harness({ online: false });
    await outbox.enqueue('task', { a: 1 }, { userId: 'u1' });
    await outbox.enqueue('task', { b: 1 }, { userId: 'u2' });
    await outbox.clear({ userId: 'u1' });
    expect((await db.rows.toArray()).map((r) => r.userId)).toEqual(['u2']);
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
