// The outbox: writes that may happen offline are stored as plain rows in the device database
// and sent later, by one tab at a time, with backoff. A change and its row are staged in one
// transaction (`stage` inside the caller's transaction, then `changed()`), so the device
// never shows a change that nothing will send. docs/sync.md describes the protocol.
import type { Table } from 'dexie';

export interface OutboxRow {
  id: string;
  /** Names a handler registered with register(). */
  op: string;
  payload: unknown;
  /** Sent with the write so a replay is a no-op on the server. */
  idempotencyKey: string;
  /** A newer write with the same key joins this row (folded, or replacing the payload). */
  coalesceKey?: string;
  /** The account the write belongs to: sent only under that account's live session. */
  userId?: string;
  createdAt: number;
  /** Bumped whenever the payload changes, so a send that raced a newer payload never deletes it. */
  rev: number;
  attempts: number;
  nextAttemptAt: number;
  status: 'pending' | 'failed';
  lastError?: string;
  /**
   * Why the last attempt failed: no answer (network, timeout), the server (5xx, 429), the
   * session had ended (waits for sign-in), or refused (4xx).
   */
  lastErrorKind?: FailureKind;
  /** Answers in a row that failed the write without saying why (see UNEXPLAINED_FAILURE_LIMIT). */
  unexplained?: number;
}

type FailureKind = 'network' | 'server' | 'auth' | 'refused';

export type SendResult =
  | { ok: true /** what the server answered for this row (e.g. the merged record) */; value?: unknown }
  | {
      ok: false;
      retriable: boolean;
      error: string;
      kind?: FailureKind;
      /** The server failed the write without a reason: retried, but only UNEXPLAINED_FAILURE_LIMIT times in a row. */
      unexplained?: boolean;
    };

/**
 * A failure without a reason (a batch transaction failed, no item named) is usually the server
 * stopping mid-write, so it is retried; the same answer this many times in a row is taken as a
 * refusal, shown to the learner with its reason to discard, instead of a silent retry forever.
 */
export const UNEXPLAINED_FAILURE_LIMIT = 6;

interface SendContext {
  /** Aborted when the send takes longer than the outbox allows. */
  signal: AbortSignal;
}

export interface OutboxHandler {
  /** Sends rows of one op; returns one result per row, in order. */
  send(rows: OutboxRow[], ctx?: SendContext): Promise<SendResult[]>;
  /** Rows per send call (default 50). */
  batchSize?: number;
  /** Tables `settle` writes; they join the transaction that removes the sent row. */
  tables?: Table[];
  /** After a row was sent (and not changed meanwhile): e.g. keep the server's answer on the device. */
  settle?(row: OutboxRow, value: unknown): Promise<void>;
  /** "Try again" on a refused row: the payload to send now (what the device holds), or null to drop it. */
  refresh?(row: OutboxRow): Promise<unknown>;
  /**
   * Whether a write that synced carries everything an older refused row of the same record
   * did, so that row is moot (default: yes). A newer visit does not carry a refused position.
   */
  supersedes?(synced: OutboxRow, refused: OutboxRow): boolean;
}

export interface OutboxDeps {
  now(): number;
  random(): number;
  isOnline(): boolean;
  /** Runs fn while holding the cross-tab outbox lock; resolves false when another tab holds it. */
  withLock(fn: () => Promise<void>): Promise<boolean>;
  setTimer(fn: () => void, ms: number): () => void;
  /** Whether a row may be sent now (rows of an account wait for that account's live session). */
  canSend?(row: OutboxRow): boolean;
  /** A send that has not answered after this long is aborted and retried (default 30 s). */
  sendTimeoutMs?: number;
  /** Called after rows were queued or changed (e.g. to ask the browser to keep the data). */
  onQueued?(): void;
  /** Awaited once before the first drain (e.g. carrying rows over from an older database). */
  beforeFirstDrain?(): Promise<void>;
}

export interface StageOptions<P = unknown> {
  idempotencyKey?: string;
  coalesceKey?: string;
  userId?: string;
  /** Joins a newer payload to the queued one; without it the newer payload replaces it. */
  fold?: (queued: P, incoming: P) => P;
  /** Whether a queued payload with the same coalesceKey can take this one in (default: any); if none can, it gets a row of its own. */
  joins?: (queued: P) => boolean;
}

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 5 * 60_000;
const LOCKED_RETRY_MS = 5_000;
const DEFAULT_SEND_TIMEOUT_MS = 30_000;

/** Exponential backoff with jitter in [50%, 100%] of the step, capped at 5 minutes. */
export function backoffDelay(attempts: number, random: () => number): number {
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step * (0.5 + random() * 0.5));
}

/**
 * Maps a thrown error to a result: no status (network, abort) and 5xx, 408 or 429 retry;
 * any other 4xx is the write's own fault and will not succeed by retrying.
 */
export function classifyError(err: unknown): SendResult {
  const status =
    typeof err === 'object' && err !== null && 'status' in err ? Number((err as { status: unknown }).status) : 0;
  const message = err instanceof Error ? err.message : String(err);
  const retriable = !status || status >= 500 || status === 429 || status === 408;
  const kind: FailureKind = !status ? 'network' : retriable ? 'server' : 'refused';
  return { ok: false, retriable, kind, error: message || `Request failed (${status})` };
}

export interface OutboxStatus {
  pending: number;
  failed: number;
  syncing: boolean;
  lastError?: string;
  lastSyncedAt?: number;
}

/** Which rows a question is about: one account's, and/or some ops. */
export interface RowFilter {
  userId?: string;
  ops?: readonly string[];
}

export function matches(row: OutboxRow, filter: RowFilter = {}): boolean {
  if (filter.userId !== undefined && row.userId !== filter.userId) return false;
  if (filter.ops && !filter.ops.includes(row.op)) return false;
  return true;
}

export function createOutbox(table: Table<OutboxRow, string>, deps: OutboxDeps) {
  const db = table.db;
  const handlers = new Map<string, OutboxHandler>();
  const listeners = new Set<() => void>();
  /** Per op: no new row is tried before this (the server was failing), so an outage is not hammered. */
  const blockedUntil = new Map<string, number>();
  let syncing = false;
  let lastSyncedAt: number | undefined;
  let cancelTimer: (() => void) | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let prepared: Promise<void> | undefined;

  const notify = () => {
    for (const l of listeners) l();
  };
  const sendable = (row: OutboxRow) => deps.canSend?.(row) ?? true;

  function register(op: string, handler: OutboxHandler) {
    handlers.set(op, handler);
  }

  /**
   * Queues a write. Inside a transaction that includes the outbox table it joins that
   * transaction (the caller's change and this row commit together); call `changed()` after.
   */
  function stage<P>(op: string, payload: P, opts: StageOptions<P> = {}): Promise<OutboxRow> {
    return db.transaction('rw', table, async () => {
      const now = deps.now();
      if (opts.coalesceKey) {
        const existing = await table
          .where('coalesceKey')
          .equals(opts.coalesceKey)
          .filter((r) => r.status === 'pending' && r.userId === opts.userId && (opts.joins?.(r.payload as P) ?? true))
          .first();
        if (existing) {
          // keeps attempts and nextAttemptAt: a video saving its position every 2 s must not
          // reset the backoff of a row the server keeps refusing with 503
          const updated: OutboxRow = {
            ...existing,
            payload: opts.fold ? opts.fold(existing.payload as P, payload) : payload,
            rev: existing.rev + 1,
          };
          await table.put(updated);
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
        nextAttemptAt: Math.max(now, blockedUntil.get(op) ?? 0),
        status: 'pending',
      };
      await table.add(created);
      return created;
    });
  }

  /** After rows were staged: tell the listeners and start a drain. */
  function changed() {
    notify();
    deps.onQueued?.();
    // A drain in progress picks the row up in another pass; otherwise start one.
    if (draining) again = true;
    else schedule(0);
  }

  async function enqueue<P>(op: string, payload: P, opts: StageOptions<P> = {}): Promise<OutboxRow> {
    const row = await stage(op, payload, opts);
    changed();
    return row;
  }

  async function applyResult(row: OutboxRow, result: SendResult | undefined) {
    const handler = handlers.get(row.op);
    await db.transaction('rw', [table, ...(handler?.tables ?? [])], async () => {
      const current = await table.get(row.id);
      if (!current) return;
      if (result?.ok) {
        // refusals of older versions of the same record are stale once a newer one that
        // carries what they did is stored (a refusal it does not cover stays to be seen)
        if (row.coalesceKey) {
          await table
            .where('coalesceKey')
            .equals(row.coalesceKey)
            .filter(
              (r) =>
                r.status === 'failed' &&
                r.userId === row.userId &&
                r.id !== row.id &&
                (handler?.supersedes?.(row, r) ?? true),
            )
            .delete();
        }
        // A newer payload arrived while this one was in flight: keep it for the next pass.
        if (current.rev !== row.rev) return;
        await table.delete(row.id);
        await handler?.settle?.(row, result.value);
        return;
      }
      const error = result?.error ?? 'No result from handler';
      const kind = result?.kind ?? (result?.retriable ? 'server' : 'refused');
      if (kind === 'auth') {
        // not the write's fault nor the server's: it waits for the account's next sign-in
        await table.put({ ...current, lastError: error, lastErrorKind: kind });
      } else if (
        result?.retriable &&
        !(result.unexplained && (current.unexplained ?? 0) + 1 >= UNEXPLAINED_FAILURE_LIMIT)
      ) {
        const attempts = current.attempts + 1;
        const nextAttemptAt = deps.now() + backoffDelay(attempts, deps.random);
        blockedUntil.set(row.op, Math.max(blockedUntil.get(row.op) ?? 0, nextAttemptAt));
        const unexplained = result.unexplained ? (current.unexplained ?? 0) + 1 : 0;
        await table.put({ ...current, attempts, lastError: error, lastErrorKind: kind, nextAttemptAt, unexplained });
      } else {
        await table.put({
          ...current,
          status: 'failed',
          attempts: current.attempts + 1,
          lastError: result?.unexplained
            ? `The server kept failing this change without saying why (${UNEXPLAINED_FAILURE_LIMIT} tries): ${error}`
            : error,
          lastErrorKind: 'refused',
          unexplained: 0,
        });
      }
    });
  }

  /** Sends a chunk, giving up (retriably) after the send timeout so one hung request cannot stall the queue. */
  async function sendWithTimeout(handler: OutboxHandler, chunk: OutboxRow[]): Promise<SendResult[]> {
    const controller = new AbortController();
    const ms = deps.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<SendResult[]>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new Error(`The request timed out after ${Math.round(ms / 1000)} s`));
        resolve(
          chunk.map(() => ({ ok: false, retriable: true, kind: 'network', error: 'The request timed out' }) as const),
        );
      }, ms);
    });
    const sent = handler.send(chunk, { signal: controller.signal }).catch((err) => chunk.map(() => classifyError(err)));
    try {
      return await Promise.race([sent, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function drainPass(): Promise<void> {
    const now = deps.now();
    const due = (await table.where('status').equals('pending').sortBy('createdAt')).filter(
      (r) => r.nextAttemptAt <= now && sendable(r),
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
        const results = await sendWithTimeout(handler, chunk);
        for (const [k, row] of chunk.entries()) await applyResult(row, results[k]);
        if (results.some((r) => r.ok)) {
          lastSyncedAt = deps.now();
          blockedUntil.delete(op);
        }
        notify();
        // the server is failing: the rest of this op waits for its backoff
        if (results.every((r) => !r.ok && r.retriable)) break;
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
        prepared ??= deps.beforeFirstDrain?.().catch(() => undefined) ?? Promise.resolve();
        await prepared;
        do {
          again = false;
          if (!deps.isOnline()) break;
          lockedOut = !(await deps.withLock(drainPass));
        } while (again && !lockedOut);
      } catch (err) {
        // the database went away (a closing tab, storage cleared): the rows stay for the next pass
        console.warn('[outbox] drain stopped', err);
      } finally {
        syncing = false;
        draining = undefined;
        notify();
        // Another tab holds the lock: look again later in case that tab closes.
        if (lockedOut) schedule(LOCKED_RETRY_MS);
        else if (deps.isOnline()) await scheduleNextDue().catch(() => undefined);
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
    const pending = (await table.where('status').equals('pending').toArray()).filter(sendable);
    if (!pending.length) return;
    const next = Math.min(...pending.map((r) => r.nextAttemptAt));
    schedule(Math.max(0, next - deps.now()));
  }

  async function rows(filter: RowFilter = {}): Promise<OutboxRow[]> {
    return (await table.orderBy('createdAt').toArray()).filter((r) => matches(r, filter));
  }

  async function status(filter: RowFilter = {}): Promise<OutboxStatus> {
    const all = await rows(filter);
    const failedRows = all.filter((r) => r.status === 'failed');
    const withError = [...all].reverse().find((r) => r.lastError);
    return {
      pending: all.length - failedRows.length,
      failed: failedRows.length,
      syncing,
      lastError: withError?.lastError,
      lastSyncedAt,
    };
  }

  return {
    table,
    register,
    stage,
    changed,
    enqueue,
    drain,
    rows,
    status,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * The connection is back: rows that failed for lack of one are due now (rows the server
     * answered with 5xx or 429 keep their backoff), then drain.
     */
    async wake() {
      const now = deps.now();
      await db.transaction('rw', table, async () => {
        await table
          .where('status')
          .equals('pending')
          .filter((r) => r.lastErrorKind === 'network' && r.nextAttemptAt > now)
          .modify({ nextAttemptAt: now });
      });
      await drain();
    },
    /**
     * "Try again": refused rows go back to pending, each with what the device holds now
     * (its handler's `refresh`), so a payload the server refused is not simply sent again.
     */
    async retryFailed(filter: RowFilter = {}) {
      const failed = (await table.where('status').equals('failed').toArray()).filter((r) => matches(r, filter));
      for (const row of failed) {
        const refresh = handlers.get(row.op)?.refresh;
        const payload = refresh ? await refresh(row) : row.payload;
        await db.transaction('rw', table, async () => {
          const current = await table.get(row.id);
          if (current?.status !== 'failed') return;
          if (payload === null || payload === undefined) await table.delete(row.id);
          else
            await table.put({
              ...current,
              payload,
              rev: current.rev + 1,
              status: 'pending',
              attempts: 0,
              nextAttemptAt: deps.now(),
              lastError: undefined,
              lastErrorKind: undefined,
            });
        });
      }
      notify();
      schedule(0);
    },
    async discard(id: string) {
      await table.delete(id);
      notify();
    },
    /** Removes rows (a user's on sign-out, or those a filter names). Without a filter, everything. */
    async clear(filter: RowFilter = {}) {
      await db.transaction('rw', table, async () => {
        const ids = (await table.toArray()).filter((r) => matches(r, filter)).map((r) => r.id);
        await table.bulkDelete(ids);
      });
      notify();
    },
    stop() {
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
