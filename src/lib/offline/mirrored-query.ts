import { hashKey, type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { isTransientError } from '@/lib/pocketbase/errors';
import { requireLiveSession, SessionExpiredError } from '@/lib/pocketbase/session';
import { whenIdle } from '@/lib/time/when-idle';
import { db } from './db';
import { fetchWithMirror, type Mirror } from './mirror';

/** The network failed, or the learner's session has ended: the device's copy answers. */
const canFallBack = (err: unknown) => isTransientError(err) || err instanceof SessionExpiredError;

/**
 * Query options for server data that is mirrored in Dexie. The queryFn goes to the network,
 * writes through to the mirror and answers from the mirror when the network fails.
 * `networkMode: 'always'` makes it run while offline too (the mirror is the answer then).
 * `learner`: the signed-in learner's own data. Without a live session it is not asked of the
 * server at all (an expired token reads as a guest, whose empty answers would overwrite the
 * device's copy); the device's copy answers.
 */
export function mirroredQueryOptions<T, K extends QueryKey>(def: {
  queryKey: K;
  remote: () => Promise<T>;
  mirror: Mirror<T>;
  learner?: boolean;
}) {
  const remote = def.learner
    ? () => {
        requireLiveSession();
        return def.remote();
      }
    : def.remote;
  return {
    ...queryOptions({
      queryKey: def.queryKey,
      queryFn: () => fetchWithMirror(remote, def.mirror, canFallBack),
      networkMode: 'always',
    }),
    mirror: def.mirror,
  };
}

type MirroredOptions<T, K extends QueryKey> = ReturnType<typeof mirroredQueryOptions<T, K>>;

/** Queries a server render put in the cache that the device has no copy of yet. */
const fromServer = new Set<string>();

/**
 * Marks queries (by hash) that came with a server-rendered page: the first `loadMirrored` of
 * each writes its data to the device once the page is idle, as if it had been fetched here.
 */
export function mirrorOnFirstLoad(queryHashes: Iterable<string>): void {
  for (const hash of queryHashes) fromServer.add(hash);
  // The database opens (on a first visit: is created) in an idle period before the writes:
  // opened by the first write, it held all of them in its one long task.
  if (typeof indexedDB !== 'undefined') whenIdle(() => db.open().catch(() => undefined));
}
type EnsureOptions = Parameters<QueryClient['ensureQueryData']>[0];

/**
 * For route loaders: resolves the query's data, preferring what is closest. Data already in
 * the query cache (loaded before, or hydrated from a server render) answers at once, with no
 * wait on the device database or the network. Else the mirrored copy goes into the cache,
 * marked stale, so the page renders at once (and offline) while the component's query
 * refreshes it. Only when nothing is cached or mirrored does the loader wait for the network.
 */
export async function loadMirrored<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: MirroredOptions<T, K>,
): Promise<T> {
  const cached = queryClient.getQueryData<T>(options.queryKey as QueryKey);
  if (cached !== undefined) {
    // written once the page is idle, each copy in an idle period of its own (mirrorOnFirstLoad)
    if (fromServer.delete(hashKey(options.queryKey))) {
      whenIdle(() =>
        options.mirror
          .write(cached)
          .catch((err) => console.warn('[mirror] could not save a copy for offline use', err)),
      );
    }
    return cached;
  }
  const saved = await options.mirror.read().catch(() => undefined);
  if (saved !== undefined) {
    // updatedAt 0: stale from birth, so mounting the page triggers a background refetch.
    queryClient.setQueryData<T>(options.queryKey as QueryKey, saved as T, { updatedAt: 0 });
    return saved as T;
  }
  // The options are exactly what queryOptions() built; only the generic key tagging differs.
  return (await queryClient.ensureQueryData(options as unknown as EnsureOptions)) as T;
}
