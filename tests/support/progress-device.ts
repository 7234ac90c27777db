// A learner's device in Node: the app's own outbox and progress handlers on fake IndexedDB,
// sending to a real PocketBase through the batch API. Import 'fake-indexeddb/auto' first.
// Used by the progress-sync integration test and the sync bench.
import PocketBase from 'pocketbase';
import { CHAPTER_PROGRESS_OP, TASK_PROGRESS_OP } from '@/features/course/api/progress-records';
import { createProgressHandler } from '@/features/course/api/progress-sync';
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

/** A device's outbox with the progress handlers; `net.online` is its connection. */
export function progressDevice(
  url: string,
  token: string,
  { ip, online = true }: { ip?: string; online?: boolean } = {},
) {
  const net = { online };
  const outbox = createOutbox(new AtelierDb(`device-${Math.random()}`).outbox, {
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
