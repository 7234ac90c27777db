// The live edition count: copies a buyer can still get, per print, pushed by the server over
// PocketBase's realtime (the print_stock collection, written in the same transaction as every
// change of stock; docs/architecture.md, "Live edition count"). The shop and drop pages read it
// through one query whose cache the subscription keeps current; until it answers (a first
// render, the server render, offline) they show the print's own `available`.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pb } from '@/lib/pocketbase/client';
import { Collections } from '@/lib/contract/contract.gen';
import type { PrintStockRecord } from '@/lib/pocketbase/types.gen';

/** Copies left by print id, with the version of the change that set it. */
export type LiveStock = Record<string, { available: number; version: number }>;

const KEY = [Collections.PrintStock] as const;

/** A deleted print: nothing left, and no later message can bring it back. */
const GONE = Number.MAX_SAFE_INTEGER;

/**
 * `live` with the counts of `changes` taken where they are newer than what it holds. PocketBase
 * sends each change from a goroutine of its own, so two changes made close together can arrive
 * in either order (and a full read can answer after a newer message): the version, one higher
 * per change on the server, decides, so a late message never shows more copies than are left.
 */
export function newerCounts(
  live: LiveStock | undefined,
  changes: readonly { id: string; available: number; version: number }[],
): LiveStock {
  let next = live ?? {};
  for (const c of changes) {
    const known = next[c.id];
    if (known && known.version >= c.version) continue;
    if (next === live) next = { ...live };
    next[c.id] = { available: c.available, version: c.version };
  }
  return next;
}

const liveStockQueryOptions = (current: () => LiveStock | undefined) =>
  queryOptions({
    queryKey: KEY,
    queryFn: async (): Promise<LiveStock> => {
      const rows = await pb
        .collection(Collections.PrintStock)
        .getFullList<Pick<PrintStockRecord, 'id' | 'available' | 'version'>>({ fields: 'id,available,version' });
      // merged into the counts as they are when it answers, not when it was asked: a message
      // that came meanwhile may be newer than what the read saw
      return newerCounts(current(), rows);
    },
    // the subscription keeps it current; it is read again after every reconnect
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Subscribes this page to the live counts while it is mounted (one per page). A message lost
 * while the connection was down is made up for by reading them all again on reconnect. The
 * subscription takes the whole (small) record: asking PocketBase for some fields only makes it
 * encode, decode and encode again each message for each page.
 */
export function useLiveStock(): LiveStock | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery(liveStockQueryOptions(() => queryClient.getQueryData<LiveStock>(KEY)));
  useEffect(() => {
    let stopped = false;
    const stops: (() => Promise<void>)[] = [];
    const keep = (p: Promise<() => Promise<void>>) =>
      p
        .then((stop) => (stopped ? void stop() : stops.push(stop)))
        .catch(() => {
          // no realtime (offline, a proxy without SSE): the counts stay as last read
        });
    keep(
      pb
        .collection(Collections.PrintStock)
        .subscribe<PrintStockRecord>('*', (e) =>
          queryClient.setQueryData<LiveStock>(KEY, (old) =>
            newerCounts(old, [
              e.action === 'delete'
                ? { id: e.record.id, available: 0, version: GONE }
                : { id: e.record.id, available: e.record.available, version: e.record.version },
            ]),
          ),
        ),
    );
    keep(pb.realtime.subscribe('PB_CONNECT', () => void queryClient.invalidateQueries({ queryKey: KEY })));
    return () => {
      stopped = true;
      for (const stop of stops) void stop().catch(() => {});
    };
  }, [queryClient]);
  return data;
}

/** The copies left of a print: the live count when there is one, else what the page was loaded with. */
export function copiesLeft(live: LiveStock | undefined, print: { id: string; available: number }): number {
  return live?.[print.id]?.available ?? print.available;
}
