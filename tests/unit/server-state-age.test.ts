// @vitest-environment jsdom
// A server-rendered page's data is as old as its render: PocketBase may serve a stored page
// up to a minute old (and a shared cache a little longer), so the browser counts the data's
// age from when the server read it, and refetches what is older than the query's stale time.
import { hydrate, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { readServerState, serializeState } from '@/lib/ssr/state';

const KEY = ['prints', 'list'];

/** A page whose query state says the data was read `ageMs` ago by the server's clock. */
function page(ageMs: number) {
  const readAt = Date.now() - ageMs;
  const state = {
    mutations: [],
    queries: [
      {
        queryKey: KEY,
        queryHash: JSON.stringify(KEY),
        state: {
          data: [{ id: 'p1', available: 12 }],
          dataUpdateCount: 1,
          dataUpdatedAt: readAt,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
    ],
  } as unknown as Parameters<typeof serializeState>[0];
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="__rq_state">${serializeState(state)}</script>`;
  return readAt;
}

/** Hydrates the page's state and mounts a component's query; resolves how often it fetched. */
async function mount() {
  const client = createQueryClient();
  hydrate(client, readServerState(document)!);
  const queryFn = vi.fn(async () => [{ id: 'p1', available: 3 }]);
  const observer = new QueryObserver(client, { queryKey: KEY, queryFn });
  const unsubscribe = observer.subscribe(() => {});
  await new Promise((r) => setTimeout(r, 20));
  unsubscribe();
  client.clear();
  return { queryFn, client };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('data a server-rendered page carries', () => {
  it('keeps the time the server read it', () => {
    const readAt = page(95_000);
    expect(readServerState(document)?.queries[0]?.state.dataUpdatedAt).toBe(readAt);
  });

  it('is refetched when older than the stale time (a stock count from a page stored 95 s)', async () => {
    page(95_000);
    expect((await mount()).queryFn).toHaveBeenCalledTimes(1);
  });

  it('is not fetched again while younger than the stale time', async () => {
    page(3_000);
    expect((await mount()).queryFn).not.toHaveBeenCalled();
  });

  it('from a server whose clock is ahead of the device counts as read now, never in the future', () => {
    page(-600_000);
    const at = readServerState(document)?.queries[0]?.state.dataUpdatedAt ?? 0;
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(at).toBeGreaterThan(Date.now() - 1_000);
  });
});
