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

/** Copies left by print id. */
export type LiveStock = Record<string, number>;

const KEY = [Collections.PrintStock] as const;

const liveStockQueryOptions = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async (): Promise<LiveStock> =>
      Object.fromEntries(
        (
          await pb
            .collection(Collections.PrintStock)
            .getFullList<Pick<PrintStockRecord, 'id' | 'available'>>({ fields: 'id,available' })
        ).map((r) => [r.id, r.available]),
      ),
    // the subscription keeps it current; it is read again after every reconnect
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Subscribes this page to the live counts while it is mounted (one per page). A message lost
 * while the connection was down is made up for by reading them all again on reconnect.
 */
export function useLiveStock(): LiveStock | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery(liveStockQueryOptions());
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
      pb.collection(Collections.PrintStock).subscribe<PrintStockRecord>(
        '*',
        (e) =>
          queryClient.setQueryData<LiveStock>(KEY, (old) => ({
            ...(old ?? {}),
            [e.record.id]: e.action === 'delete' ? 0 : e.record.available,
          })),
        { fields: 'id,available' },
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
  return live?.[print.id] ?? print.available;
}
