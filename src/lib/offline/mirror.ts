import type { Table } from 'dexie';
import { db, userRowKey } from './db';

/**
 * A local copy of one query's answer. `read` resolves `undefined` when this query has never
 * been answered on this device (as opposed to "answered with an empty list" or null).
 */
export interface Mirror<T> {
  read(): Promise<T | undefined>;
  write(data: T): Promise<void>;
}

const markerKey = (key: string) => `mirror:${key}`;

/**
 * Without IndexedDB (a server render, a browser that refuses storage) there is no device
 * copy: the mirror reads nothing and writes nothing, and queries simply go to the network.
 */
function onDevice<T>(mirror: Mirror<T>): Mirror<T> {
  return {
    read: () => (typeof indexedDB === 'undefined' ? Promise.resolve(undefined) : mirror.read()),
    write: (data) => (typeof indexedDB === 'undefined' ? Promise.resolve() : mirror.write(data)),
  };
}

interface WithId {
  id: string;
}

/**
 * Mirrors a list query. Rows go into the shared collection table (so a record refreshed by
 * one query is fresh for all of them); the answer itself is kept as its ordered ids under
 * `key`, so reading it back gives exactly what the server said, offline.
 * `replace` also deletes rows the answer no longer contains: use it only for queries that
 * return the whole visible collection, so unpublished or deleted records disappear.
 */
export function listMirror<Row extends WithId>(opts: {
  key: string;
  table: Table<Row, string>;
  mode: 'replace' | 'upsert';
}): Mirror<Row[]> {
  return onDevice({
    async read() {
      const marker = await db.kv.get(markerKey(opts.key));
      if (!marker || !Array.isArray(marker.value)) return undefined;
      const rows = await opts.table.bulkGet(marker.value as string[]);
      return rows.filter((r): r is Row => r !== undefined);
    },
    async write(rows) {
      await db.transaction('rw', opts.table, db.kv, async () => {
        if (opts.mode === 'replace') {
          const keep = new Set(rows.map((r) => r.id));
          const stale = (await opts.table.toCollection().primaryKeys()).filter((id) => !keep.has(id));
          await opts.table.bulkDelete(stale);
        }
        await opts.table.bulkPut(rows);
        await db.kv.put({ key: markerKey(opts.key), value: rows.map((r) => r.id), updatedAt: Date.now() });
      });
    },
  });
}

/** Mirrors a single-record query (null = the server said there is none). */
export function recordMirror<Row extends WithId>(opts: { key: string; table: Table<Row, string> }): Mirror<Row | null> {
  return onDevice({
    async read() {
      const marker = await db.kv.get(markerKey(opts.key));
      if (!marker) return undefined;
      if (typeof marker.value !== 'string') return null;
      return (await opts.table.get(marker.value)) ?? undefined;
    },
    async write(row) {
      await db.transaction('rw', opts.table, db.kv, async () => {
        if (row) await opts.table.put(row);
        await db.kv.put({ key: markerKey(opts.key), value: row?.id ?? null, updatedAt: Date.now() });
      });
    },
  });
}

/**
 * Mirrors one account's own query (a record, null, or a list): kept under that account alone
 * in `user_rows`, so another account on the device never reads it and signing out removes it
 * with the rest of the account's data (lib/offline/user-data.ts). `key` names the query.
 */
export function userMirror<T>(userId: string, key: string): Mirror<T> {
  const rowKey = userRowKey(userId, key);
  return onDevice({
    async read() {
      const row = await db.user_rows.get(rowKey);
      return row === undefined ? undefined : (row.value as T);
    },
    async write(value) {
      await db.user_rows.put({ key: rowKey, userId, value, updatedAt: Date.now() });
    },
  });
}

/** Mirrors any JSON-serialisable value in the kv table. */
export function valueMirror<T>(key: string): Mirror<T> {
  return onDevice({
    async read() {
      const row = await db.kv.get(`value:${key}`);
      return row === undefined ? undefined : (row.value as T);
    },
    async write(value) {
      await db.kv.put({ key: `value:${key}`, value, updatedAt: Date.now() });
    },
  });
}

/**
 * Network first, mirror as the fallback: a fresh answer is written through to the mirror
 * (a failed write never fails the read); a failure that `canFallBack` accepts is answered
 * from the mirror when it holds something, otherwise the original error is rethrown.
 */
export async function fetchWithMirror<T>(
  remote: () => Promise<T>,
  mirror: Mirror<T>,
  canFallBack: (err: unknown) => boolean,
): Promise<T> {
  let data: T;
  try {
    data = await remote();
  } catch (err) {
    if (!canFallBack(err)) throw err;
    const saved = await mirror.read().catch(() => undefined);
    if (saved === undefined) throw err;
    return saved;
  }
  await mirror
    .write(data)
    .catch((writeErr) => console.warn('[mirror] could not save a copy for offline use', writeErr));
  return data;
}
