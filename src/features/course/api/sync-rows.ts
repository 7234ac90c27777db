// The outbox rows the course's status chip speaks for: this learner's progress writes, live
// across tabs.
import { db } from '@/lib/offline/db';
import { useLiveQuery } from '@/lib/offline/live';
import { matches, type OutboxRow } from '@/lib/offline/outbox';
import { outbox } from '@/lib/offline/outbox-runtime';
import { PROGRESS_OPS } from './progress-records';

export function useProgressRows(userId: string): OutboxRow[] | undefined {
  return useLiveQuery(
    async () =>
      (await db.outbox.where('userId').equals(userId).toArray()).filter((r) => matches(r, { ops: PROGRESS_OPS })),
    [userId],
  );
}

/** A refused write the learner chose to let go: the device's copy is the server's again on the next pull. */
export const discardProgressWrite = (id: string) => outbox.discard(id);

/** "Try again": this learner's refused progress writes, sent again. */
export const retryProgressWrites = (userId: string) => outbox.retryFailed({ userId, ops: PROGRESS_OPS });
