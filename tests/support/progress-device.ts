// A learner's device in Node: the app's own outbox and progress handlers on fake IndexedDB,
// sending to a real PocketBase through the batch API. Import 'fake-indexeddb/auto' first.
// Used by the progress-sync integration test and the sync bench.
import PocketBase from 'pocketbase';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from '@/features/course/api/progress-records';
import { createProgressHandler } from '@/features/course/api/progress-sync';
import { createProgressWriter } from '@/features/course/api/progress-writes';
import { createDeviceClock, randomDeviceId } from '@/lib/offline/clock';
import { AtelierDb } from '@/lib/offline/db';
import { createOutbox, type OutboxStatus } from '@/lib/offline/outbox';

/**
 * The SDK client of a signed-in learner. With `ip`, every request names it in X-Forwarded-For:
 * on a server behind a trusted proxy each device then meets the per-client limits alone.
 */
export function learnerClient(url: string, token: string, ip?: string): PocketBase {
  const client = new PocketBase(url);
  client.autoCancellation(false);
  client.authStore.save(token, null);
  if (ip) {
    client.beforeSend = (to, options) => ({
      url: to,
      options: { ...options, headers: { ...options.headers, 'x-forwarded-for': ip } },
    });
  }
  return client;
}

/** The app's outbox on a device table, with Node's timers and a lock it holds alone. */
function nodeOutbox(db: AtelierDb, net: { online: boolean }) {
  return createOutbox(db.outbox, {
    now: () => Date.now(),
    random: Math.random,
    isOnline: () => net.online,
    withLock: async (fn) => {
      await fn();
      return true;
    },
    setTimer: (fn, ms) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    },
  });
}

/** A device's outbox with the progress handlers; `net.online` is its connection. */
export function progressDevice(
  url: string,
  token: string,
  { ip, online = true }: { ip?: string; online?: boolean } = {},
) {
  const net = { online };
  const outbox = nodeOutbox(new AtelierDb(`device-${Math.random()}`), net);
  const client = learnerClient(url, token, ip);
  outbox.register(CHAPTER_PROGRESS_OP, createProgressHandler(client, 'chapter_progress'));
  outbox.register(TASK_PROGRESS_OP, createProgressHandler(client, 'user_task_progress'));
  return Object.assign(outbox, { net });
}

export type ProgressDevice = ReturnType<typeof progressDevice>;

/** Drains until nothing is pending (failed rows stay); throws after `timeoutMs`. */
export async function drained(
  outbox: ProgressDevice,
  { timeoutMs = 90_000, pollMs = 200 } = {},
): Promise<OutboxStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await outbox.drain();
    const s = await outbox.status();
    if (process.env.SYNC_DEBUG) console.log(JSON.stringify(s));
    if (s.pending === 0) return s;
    if (Date.now() > deadline) throw new Error(`outbox not drained: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * A learner's device with the app's progress writer: its clock runs `skewMs` off, and (when
 * `measured`) it has measured that before. `slowNextBatch(ms)`: the next batch, once sent,
 * takes that long to reach the server (its clock reading is already taken).
 */
export function learnerDevice(
  url: string,
  token: string,
  { ip, skewMs = 0, measured = true }: { ip?: string; skewMs?: number; measured?: boolean } = {},
) {
  const net = { online: true };
  let slow = 0;
  const db = new AtelierDb(`device-${Math.random()}`);
  const clock = createDeviceClock({
    now: () => Date.now() + skewMs,
    serverTime: async () => Promise.reject(new Error('not measured here')),
    load: async () => (measured ? -skewMs : undefined),
    save: async () => {},
  });
  const outbox = nodeOutbox(db, net);
  const client = learnerClient(url, token, ip);
  const send = client.beforeSend;
  client.beforeSend = async (to, options) => {
    const next = send ? await send(to, options) : { url: to, options };
    if (to.endsWith('/api/batch') && slow) {
      const ms = slow;
      slow = 0;
      await new Promise((r) => setTimeout(r, ms));
    }
    return next;
  };
  const options = { device: db, clock };
  outbox.register(CHAPTER_PROGRESS_OP, createProgressHandler(client, 'chapter_progress', options));
  outbox.register(TASK_PROGRESS_OP, createProgressHandler(client, 'user_task_progress', options));
  const id = randomDeviceId();
  const ready = clock.ready();
  const writer = createProgressWriter({
    db,
    outbox,
    clock,
    deviceId: async () => {
      await ready;
      return id;
    },
  });
  return {
    outbox: Object.assign(outbox, { net }),
    writer,
    net,
    clock,
    slowNextBatch(ms: number) {
      slow = ms;
    },
  };
}
