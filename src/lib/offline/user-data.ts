// Data on a device belongs to a user: a family tablet or a shared phone holds several
// learners' offline courses side by side, and one signing out must never touch another's.
// Every place a learner's data lives is keyed by their user id:
//   - the device database: progress (`user_id`), downloads (`userId`), the learner's mirrors
//     (`user_rows`, lib/offline/mirror.ts `userRecordMirror`/`userListMirror`) and the outbox;
//   - Cache Storage: one cache per account (`userCacheName`) for every file kept offline
//     (chapter videos, the compendium; any file a feature saves with `putUserFile`).
// `clearUserData` removes exactly one account's from all of them. A new kind of learner data
// goes into one of these places (or adds its table to USER_TABLES below) and is covered.
import type { Table } from 'dexie';
import { db } from './db';
import { isUserCache, LEGACY_DOWNLOADS_CACHE, OWNER_HEADER, userCacheName } from './media-keys';
import { clearOutbox } from './outbox-runtime';

const hasCaches = () => typeof caches !== 'undefined';

/** Tables holding one account's rows, with the field naming the account. */
const USER_TABLES = (): [Table<Record<string, unknown>, string>, string][] => [
  [db.user_rows as never, 'userId'],
  [db.downloads as never, 'userId'],
  [db.chapter_progress as never, 'user_id'],
  [db.task_progress as never, 'user_id'],
];

/** The account's own cache of files kept for offline use. */
export function openUserCache(userId: string): Promise<Cache> {
  return caches.open(userCacheName(userId));
}

/** Keeps a file for the account's offline use under `key` (a same-origin path). */
export async function putUserFile(userId: string, key: string, response: Response): Promise<void> {
  await (await openUserCache(userId)).put(key, response);
}

/**
 * The account's copy of the file under `key`, or undefined: from its own cache, or from the
 * cache older releases shared between accounts when the copy there is this account's.
 */
export async function matchUserFile(userId: string, key: string): Promise<Response | undefined> {
  if (!hasCaches() || !userId) return undefined;
  const own = await (await openUserCache(userId)).match(key);
  if (own) return own;
  if (!(await caches.has(LEGACY_DOWNLOADS_CACHE))) return undefined;
  const legacy = await (await caches.open(LEGACY_DOWNLOADS_CACHE)).match(key);
  return legacy?.headers.get(OWNER_HEADER) === userId ? legacy : undefined;
}

/** Deletes the account's copy of one file. */
export async function deleteUserFile(userId: string, key: string): Promise<void> {
  if (!hasCaches()) return;
  await (await openUserCache(userId)).delete(key);
  if (!(await caches.has(LEGACY_DOWNLOADS_CACHE))) return;
  const legacy = await caches.open(LEGACY_DOWNLOADS_CACHE);
  if ((await legacy.match(key))?.headers.get(OWNER_HEADER) === userId) await legacy.delete(key);
}

/** Removes every file the account kept on this device. */
export async function clearUserFiles(userId: string): Promise<void> {
  if (!hasCaches()) return;
  await caches.delete(userCacheName(userId));
  if (!(await caches.has(LEGACY_DOWNLOADS_CACHE))) return;
  const legacy = await caches.open(LEGACY_DOWNLOADS_CACHE);
  for (const request of await legacy.keys()) {
    if ((await legacy.match(request))?.headers.get(OWNER_HEADER) === userId) await legacy.delete(request);
  }
}

/** Removes every account's files (the downloads page's "remove all" without an account). */
export async function clearAllUserFiles(): Promise<void> {
  if (!hasCaches()) return;
  for (const name of await caches.keys()) if (isUserCache(name)) await caches.delete(name);
  await caches.delete(LEGACY_DOWNLOADS_CACHE);
}

/**
 * Removes what one account left on this device (sign-out): its queued writes, progress,
 * downloads and their copies, its mirrored course data and every file it kept. Public content
 * stays for offline browsing, and so does everything of every other account.
 */
export async function clearUserData(userId: string): Promise<void> {
  await clearOutbox({ userId });
  const tables = USER_TABLES();
  await db.transaction(
    'rw',
    tables.map(([table]) => table),
    async () => {
      for (const [table, field] of tables) await table.filter((row) => row[field] === userId).delete();
    },
  );
  await clearUserFiles(userId);
}
