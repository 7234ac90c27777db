// Outbox handlers for chapter and task progress: rows are upserts with device-made ids, sent
// with the batch API (one transaction per send). A change stamped with the device's clock goes
// with the device's clock reading at send (X-Atelier-Device-Time), so the server moves its
// times onto its own clock (docs/sync.md, Clocks). A batch fails as a whole on one bad item,
// so that item is failed alone and the rest is sent again. What the server answers (the
// merged record) becomes the device's copy once the row is sent, so device and server hold
// the same record; "Try again" sends the learner's change again.
import { Collections } from '@/lib/contract/contract.gen';
import type { AtelierDb } from '@/lib/offline/db';
import { classifyError, type OutboxHandler, type OutboxRow, type SendResult } from '@/lib/offline/outbox';
import type { pb as appClient } from '@/lib/pocketbase/client';
import type { SessionCheck } from '@/lib/pocketbase/session-state';
import { normalizeChapter } from '../model/merge';
import {
  foldProgress,
  localChapter,
  localTask,
  type ProgressCollection,
  type ProgressPayload,
} from './progress-records';

/** The device's clock reading at send, with every change stamped on the device's clock. */
const DEVICE_TIME_HEADER = 'X-Atelier-Device-Time';

type Client = Pick<typeof appClient, 'createBatch'>;

interface BatchItemError {
  message?: string;
  response?: { status?: number; message?: string; data?: Record<string, { message?: string }> };
}

/** The index and error of the item that failed a batch, if the error names one. */
function failedItem(err: unknown): { index: number; status: number; message: string } | undefined {
  const e = err as { status?: number; response?: { data?: { requests?: Record<string, BatchItemError> } } };
  if (e?.status !== 400) return undefined;
  const requests = e.response?.data?.requests;
  if (!requests) return undefined;
  const key = Object.keys(requests)[0];
  if (key === undefined) return undefined;
  const item = requests[key];
  if (!item) return undefined;
  const fieldErrors = Object.entries(item.response?.data ?? {})
    .filter(([, v]) => typeof v?.message === 'string')
    .map(([f, v]) => `${f}: ${v.message}`)
    .join('; ');
  return {
    index: Number(key),
    status: Number(item.response?.status ?? 400),
    message: [item.response?.message || item.message || 'Rejected by the server', fieldErrors]
      .filter(Boolean)
      .join(' '),
  };
}

/** The server allows 3 batch requests per second per client (pb_migrations settings). */
const MIN_GAP_MS = 350;
/** When each client last sent a batch (one client per tab). */
const lastSentAt = new WeakMap<object, number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends one batch, paced under the batch rate limit; one quick retry on a 429. */
async function paced<T>(client: object, send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const wait = (lastSentAt.get(client) ?? 0) + MIN_GAP_MS - Date.now();
    if (wait > 0) await sleep(wait);
    signal?.throwIfAborted();
    lastSentAt.set(client, Date.now());
    try {
      return await send();
    } catch (err) {
      if ((err as { status?: number })?.status !== 429 || attempt >= 2 || signal?.aborted) throw err;
      await sleep(1000);
    }
  }
}

/** The server takes up to 200 requests per batch (settings migration). */
const MAX_BATCH_ITEMS = 200;

/** Sends items in one batch; a bad item is failed alone and the rest sent again. */
async function sendBatch(
  client: Client,
  collection: ProgressCollection,
  items: ProgressPayload[],
  results: SendResult[],
  offset: number,
  deviceNow: () => number,
  signal?: AbortSignal,
) {
  let remaining = items.map((_, i) => i);
  while (remaining.length) {
    const send = () => {
      // the reading is taken as the batch leaves, after any wait for the rate limit
      const headers = { [DEVICE_TIME_HEADER]: String(deviceNow()) };
      const batch = client.createBatch();
      for (const i of remaining) {
        const item = items[i] as ProgressPayload;
        batch.collection(collection).upsert(item.record, item.clock === 'device' ? { headers } : undefined);
      }
      return batch.send({ signal });
    };
    try {
      const answers = await paced(client, send, signal);
      remaining.forEach((i, k) => {
        results[offset + i] = { ok: true, value: (answers as { body?: unknown }[] | undefined)?.[k]?.body };
      });
      return;
    } catch (err) {
      const bad = failedItem(err);
      const transient = !bad || bad.status >= 500 || bad.status === 429 || bad.status === 408;
      if (transient || bad.index >= remaining.length) {
        // a batch is all or nothing: an item's 5xx/429 means the whole batch may try again;
        // so does a failed batch that names no item (the server stopping mid-transaction),
        // which is no write's fault; the outbox stops retrying it after a few in a row
        const unnamed = !bad && (err as { status?: number })?.status === 400;
        const r: SendResult =
          bad && transient
            ? { ok: false, retriable: true, kind: 'server', error: bad.message }
            : unnamed
              ? {
                  ok: false,
                  retriable: true,
                  kind: 'server',
                  error: (err as Error)?.message || 'Batch transaction failed.',
                  unexplained: true,
                }
              : classifyError(err);
        for (const i of remaining) results[offset + i] = r;
        return;
      }
      results[offset + (remaining[bad.index] as number)] = { ok: false, retriable: false, error: bad.message };
      remaining = remaining.filter((_, k) => k !== bad.index);
    }
  }
}

export interface ProgressHandlerOptions {
  /** The database whose copy of each sent record becomes what the server answered (and without whose record "Try again" drops the row). */
  device?: AtelierDb;
  /**
   * Asked when the server refused a write: is the session still live? A token the server no
   * longer accepts looks like a refusal (the rules see a guest); such rows wait for sign-in.
   * Without an answer the refusal proves nothing (the device's clock may think an expired
   * token live), so the rows are tried again later rather than failed.
   */
  confirmSession?: () => Promise<SessionCheck>;
  /** The device's own clock (lib/offline/clock.ts), read as each batch leaves. */
  clock?: { deviceNow(): number };
}

export function createProgressHandler(
  client: Client,
  collection: ProgressCollection,
  { device, confirmSession, clock }: ProgressHandlerOptions = {},
): OutboxHandler {
  const deviceNow = clock ? () => clock.deviceNow() : () => Date.now();
  const isChapter = collection === Collections.ChapterProgress;
  const table = device && (isChapter ? device.chapter_progress : device.task_progress);
  return {
    tables: table ? [table] : [],
    async settle(row, value) {
      const record = value as (ProgressPayload['record'] & { user_id?: string }) | undefined;
      if (!table || !record?.id || record.user_id !== row.userId) return;
      if (isChapter) await device.chapter_progress.put(localChapter(record));
      else await device.task_progress.put(localTask(record));
    },
    // "Try again": the learner's change again (a change holds only what they did); nothing
    // when the device no longer has the record (the learner signed out meanwhile)
    async refresh(row) {
      if (!device) return row.payload;
      const id = (row.payload as ProgressPayload).record.id;
      const local = await (isChapter ? device.chapter_progress : device.task_progress).get(id);
      return local ? row.payload : null;
    },
    // A task write always sets the tick; a chapter change holds only what the learner did,
    // so a synced visit leaves a refused position or completion standing
    supersedes(synced, refused) {
      if (!isChapter) return true;
      type Fields = Parameters<typeof normalizeChapter>[0];
      const a = normalizeChapter((refused.payload as ProgressPayload).record as Fields);
      const b = normalizeChapter((synced.payload as ProgressPayload).record as Fields);
      return (
        (!a.visited || b.visited) &&
        (!a.last_visited_at || b.last_visited_at > 0) &&
        (!a.position_at || b.position_at > 0) &&
        (!a.completed || b.completed)
      );
    },
    // Rows per call: a reconnect hands over a whole day's queue at once, folded below to
    // one upsert per record, then sent in batches of MAX_BATCH_ITEMS.
    batchSize: 1000,
    async send(rows: OutboxRow[], ctx?: { signal?: AbortSignal }): Promise<SendResult[]> {
      // one upsert per record id and clock (a change on the device's clock goes with its
      // reading, never folded into a copy on the server's); every row of one shares its result
      const byId = new Map<string, { payload: ProgressPayload; rows: number[] }>();
      rows.forEach((row, i) => {
        const payload = row.payload as ProgressPayload;
        const key = `${payload.clock ?? 'server'}:${payload.record.id}`;
        const entry = byId.get(key);
        if (entry) {
          entry.payload = foldProgress(collection, entry.payload, payload);
          entry.rows.push(i);
        } else byId.set(key, { payload, rows: [i] });
      });
      const items = [...byId.values()];
      const itemResults: SendResult[] = new Array(items.length);
      for (let start = 0; start < items.length; start += MAX_BATCH_ITEMS) {
        const chunk = items.slice(start, start + MAX_BATCH_ITEMS).map((item) => item.payload);
        await sendBatch(client, collection, chunk, itemResults, start, deviceNow, ctx?.signal);
        // the network is gone: the rest of the queue waits for the next drain
        const last = itemResults[start];
        if (last && !last.ok && last.retriable) {
          for (let k = start + MAX_BATCH_ITEMS; k < items.length; k++) itemResults[k] = last;
          break;
        }
      }
      const check = confirmSession && itemResults.some((r) => !r.ok && !r.retriable) ? await confirmSession() : 'live';
      if (check !== 'live') {
        const instead: SendResult =
          check === 'ended'
            ? { ok: false, retriable: true, kind: 'auth', error: 'Sign in again to sync.' }
            : { ok: false, retriable: true, kind: 'network', error: 'The session could not be checked; trying again.' };
        itemResults.forEach((r, i) => {
          if (!r.ok && !r.retriable) itemResults[i] = instead;
        });
      }
      const results: SendResult[] = new Array(rows.length);
      items.forEach((item, i) => {
        for (const r of item.rows) results[r] = itemResults[i] as SendResult;
      });
      return results;
    },
  };
}
