import type { QueryClient } from '@tanstack/react-query';
import { clearUserData } from '@/lib/offline/user-data';
import { outbox } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';

/** Sign-out would delete writes of this learner that the server does not have yet. */
export class UnsyncedChangesError extends Error {
  constructor(readonly count: number) {
    super(count === 1 ? 'One change is not synced yet.' : `${count} changes are not synced yet.`);
    this.name = 'UnsyncedChangesError';
  }
}

/** How many of this learner's writes wait on the device (queued or refused). */
async function unsyncedCount(userId: string): Promise<number> {
  return (await outbox.rows({ userId })).length;
}

/** "Sync now" before signing out: sends what can be sent; resolves how many are left. */
export async function syncBeforeSignOut(userId: string): Promise<number> {
  await outbox.wake();
  return unsyncedCount(userId);
}

/**
 * Signs out and removes the learner's data from this device (and no other account's): queued
 * progress, the course mirror (enrolments, chapter texts, progress), offline downloads and
 * saved files, and the whole query cache (chapter texts read this session live there too).
 * Public pages reload from the mirror.
 * With writes the server does not have yet it refuses (UnsyncedChangesError, with how many)
 * unless `discardUnsynced` says the learner chose to sign out anyway.
 */
export async function signOut(queryClient: QueryClient, opts: { discardUnsynced?: boolean } = {}): Promise<void> {
  const userId = pb.authStore.record?.id;
  if (userId && !opts.discardUnsynced) {
    const count = await unsyncedCount(userId);
    if (count > 0) throw new UnsyncedChangesError(count);
  }
  try {
    if (userId) await clearUserData(userId);
  } catch (err) {
    console.error('[auth] sign-out cleanup failed', err);
    throw err;
  } finally {
    pb.authStore.clear();
    queryClient.clear();
  }
}
