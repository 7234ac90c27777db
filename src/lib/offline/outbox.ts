// The outbox: writes that may happen offline are stored as plain rows and sent later,
// by one tab at a time, with backoff. Rows live in their own database so clearing the
// content mirror never drops a learner's unsent work.
import Dexie, { type Table } from 'dexie';

export interface OutboxRow {
  id: string;
  /** Names a handler registered with registerOutboxHandler. */
  op: string;
  payload: unknown;
  /** Sent with the write so a replay is a no-op on the server. */
  idempotencyKey: string;
  /** A newer enqueue with the same key replaces this row's payload (e.g. video position). */
  coalesceKey?: string;
  userId?: string;
  createdAt: number;
  /** Bumped on every coalesce, so a send that raced a newer payload never deletes it. */
  rev: number;
  attempts: number;
  nextAttemptAt: number;
  status: 'pending' | 'failed';
  lastError?: string;
}

export type SendResult = { ok: true } | { ok: false; retriable: boolean; error: string };

export interface OutboxHandler {
  /** Sends rows of one op; returns one result per row, in order. */
  send(rows: OutboxRow[]): Promise<SendResult[]>;
  /** Rows per send call (default 50). */
  batchSize?: number;
}

export interface OutboxDeps {
  now(): number;
  random(): number;
  isOnline(): boolean;
  /** Runs fn while holding the cross-tab outbox lock; resolves false when another tab holds it. */
  withLock(fn: () => Promise<void>): Promise<boolean>;
  setTimer(fn: () => void, ms: number): () => void;
}

export class OutboxDb extends Dexie {
  rows!: Table<OutboxRow, string>;
  constructor(name = 'atelier-outbox') {
    super(name);
    this.version(1).stores({ rows: 'id, op, status, coalesceKey, userId, createdAt' });
  }
}

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 5 * 60_000;
const LOCKED_RETRY_MS = 5_000;

/** Exponential backoff with jitter in [50%, 100%] of the step, capped at 5 minutes. */
export function backoffDelay(attempts: number, random: () => number): number {
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step * (0.5 + random() * 0.5));
}

/**
 * Maps a thrown error to a result: no status (network, abort) and 5xx or 429 retry;
 * any other 4xx is the write's own fault and will not succeed by retrying.
 */
export function classifyError(err: unknown): SendResult {
  const status =
    typeof err === 'object' && err !== null && 'status' in err ? Number((err as { status: unknown }).status) : 0;
  const message = err instanceof Error ? err.message : String(err);
  const retriable = !status || status >= 500 || status === 429 || status === 408;
  return { ok: false, retriable, error: message || `Request failed (${status})` };
}

export interface OutboxStatus {
  pending: number;
  failed: number;
  syncing: boolean;
  lastError?: string;
  lastSyncedAt?: number;
}

export function createOutbox(db: OutboxDb, deps: OutboxDeps) {
  const handlers = new Map<string, OutboxHandler>();
  const listeners = new Set<() => void>();
  let syncing = false;
  let lastSyncedAt: number | undefined;
  let cancelTimer: (() => void) | undefined;
  let draining: Promise<void> | undefined;
  let again = false;

  const notify = () => {
    for (const l of listeners) l();
  };

  function register(op: string, handler: OutboxHandler) {
    handlers.set(op, handler);
  }

  async function enqueue(
    op: string,
    payload: unknown,
    opts: { idempotencyKey?: string; coalesceKey?: string; userId?: string } = {},
  ): Promise<OutboxRow> {
    const now = deps.now();
    const row = await db.transaction('rw', db.rows, async () => {
      if (opts.coalesceKey) {
        const existing = await db.rows
          .where('coalesceKey')
          .equals(opts.coalesceKey)
          .filter((r) => r.status === 'pending')
          .first();
        if (existing) {
          const updated: OutboxRow = {
            ...existing,
            payload,
            rev: existing.rev + 1,
            nextAttemptAt: Math.min(existing.nextAttemptAt, now),
          };
          await db.rows.put(updated);
          return updated;
        }
      }
      const id = crypto.randomUUID();
      const created: OutboxRow = {
        id,
        op,
        payload,
        idempotencyKey: opts.idempotencyKey ?? id,
        coalesceKey: opts.coalesceKey,
        userId: opts.userId,
        createdAt: now,
        rev: 0,
        attempts: 0,
        nextAttemptAt: now,
        status: 'pending',
      };
      await db.rows.add(created);
      return created;
    });
    notify();
    // A drain in progress picks the row up in another pass; otherwise start one.
    if (draining) again = true;
    else schedule(0);
    return row;
  }

  async function applyResult(row: OutboxRow, result: SendResult | undefined) {
    await db.transaction('rw', db.rows, async () => {
      const current = await db.rows.get(row.id);
      if (!current) return;
      if (result?.ok) {
        // A newer payload arrived while this one was in flight: keep it for the next pass.
        if (current.rev === row.rev) await db.rows.delete(row.id);
        return;
      }
      const error = result?.error ?? 'No result from handler';
      if (result?.retriable) {
        const attempts = current.attempts + 1;
        await db.rows.put({
          ...current,
          attempts,
          lastError: error,
          nextAttemptAt: deps.now() + backoffDelay(attempts, deps.random),
        });
      } else {
        await db.rows.put({ ...current, status: 'failed', attempts: current.attempts + 1, lastError: error });
      }
    });
  }

  async function drainPass(): Promise<void> {
    const now = deps.now();
    const due = (await db.rows.where('status').equals('pending').sortBy('createdAt')).filter(
      (r) => r.nextAttemptAt <= now,
    );
    if (!due.length) return;
    syncing = true;
    notify();
    const byOp = new Map<string, OutboxRow[]>();
    for (const row of due) byOp.set(row.op, [...(byOp.get(row.op) ?? []), row]);
    for (const [op, rows] of byOp) {
      const handler = handlers.get(op);
      if (!handler) continue; // registered later (lazy feature code); rows wait
      const size = handler.batchSize ?? 50;
      for (let i = 0; i < rows.length; i += size) {
        if (!deps.isOnline()) return;
        const chunk = rows.slice(i, i + size);
        let results: SendResult[];
        try {
          results = await handler.send(chunk);
        } catch (err) {
          results = chunk.map(() => classifyError(err));
        }
        for (const [k, row] of chunk.entries()) await applyResult(row, results[k]);
        if (results.some((r) => r.ok)) lastSyncedAt = deps.now();
        notify();
      }
    }
  }

  async function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    // Started on a microtask so `draining` is assigned before the body can clear it.
    draining = Promise.resolve().then(async () => {
      let lockedOut = false;
      try {
        do {
          again = false;
          if (!deps.isOnline()) break;
          lockedOut = !(await deps.withLock(drainPass));
        } while (again && !lockedOut);
      } finally {
        syncing = false;
        draining = undefined;
        notify();
        // Another tab holds the lock: look again later in case that tab closes.
        if (lockedOut) schedule(LOCKED_RETRY_MS);
        else if (deps.isOnline()) await scheduleNextDue();
      }
    });
    return draining;
  }

  function schedule(ms: number) {
    cancelTimer?.();
    cancelTimer = deps.setTimer(() => {
      cancelTimer = undefined;
      void drain();
    }, ms);
  }

  async function scheduleNextDue() {
    const pending = await db.rows.where('status').equals('pending').toArray();
    if (!pending.length) return;
    const next = Math.min(...pending.map((r) => r.nextAttemptAt));
    schedule(Math.max(0, next - deps.now()));
  }

  async function status(): Promise<OutboxStatus> {
    const rows = await db.rows.toArray();
    const failedRows = rows.filter((r) => r.status === 'failed');
    const withError = [...rows].reverse().find((r) => r.lastError);
    return {
      pending: rows.length - failedRows.length,
      failed: failedRows.length,
      syncing,
      lastError: withError?.lastError,
      lastSyncedAt,
    };
  }

  return {
    db,
    register,
    enqueue,
    drain,
    status,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Failed rows go back to pending (after the user fixed what was wrong, or to try again). */
    async retryFailed() {
      await db.rows.where('status').equals('failed').modify({ status: 'pending', nextAttemptAt: deps.now() });
      notify();
      schedule(0);
    },
    async discard(id: string) {
      await db.rows.delete(id);
      notify();
    },
    /** Removes a user's rows (sign-out). Without a user id, everything. */
    async clear(filter: { userId?: string } = {}) {
      if (filter.userId) await db.rows.where('userId').equals(filter.userId).delete();
      else await db.rows.clear();
      notify();
    },
    stop() {
      cancelTimer?.();
    },
  };
}
