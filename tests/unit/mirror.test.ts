// @vitest-environment jsdom
import { hashKey, QueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/offline/db';
import { fetchWithMirror, listMirror, type Mirror, recordMirror } from '@/lib/offline/mirror';
import { loadMirrored, mirroredQueryOptions, mirrorOnFirstLoad } from '@/lib/offline/mirrored-query';
import { isTransientError } from '@/lib/pocketbase/errors';
import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';

const offline = () => new ClientResponseError({ status: 0, originalError: new TypeError('Failed to fetch') });
const httpError = (status: number) => new ClientResponseError({ status, response: { message: `HTTP ${status}` } });

function artwork(id: string, fields: Partial<ArtworksRecord> = {}): ArtworksRecord {
  return {
    id,
    collectionId: 'pbc_artworks',
    collectionName: 'artworks',
    slug: id,
    title: `Artwork ${id}`,
    year: 2020,
    sort_order: 0,
    ...fields,
  } as ArtworksRecord;
}

function memoryMirror<T>(initial?: T): Mirror<T> & { saved: T | undefined } {
  const m = {
    saved: initial,
    read: async () => m.saved,
    write: async (data: T) => {
      m.saved = data;
    },
  };
  return m;
}

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('fetchWithMirror', () => {
  it('a fresh answer is returned and written through to the mirror', async () => {
    const mirror = memoryMirror<string[]>();
    await expect(fetchWithMirror(async () => ['a'], mirror, isTransientError)).resolves.toEqual(['a']);
    expect(mirror.saved).toEqual(['a']);
  });

  it('offline, the saved copy answers', async () => {
    const mirror = memoryMirror(['saved']);
    await expect(fetchWithMirror(() => Promise.reject(offline()), mirror, isTransientError)).resolves.toEqual([
      'saved',
    ]);
  });

  it('a server error (5xx) also falls back to the saved copy', async () => {
    const mirror = memoryMirror(['saved']);
    await expect(fetchWithMirror(() => Promise.reject(httpError(503)), mirror, isTransientError)).resolves.toEqual([
      'saved',
    ]);
  });

  it('a 4xx answer is not papered over by old data', async () => {
    const mirror = memoryMirror(['saved']);
    await expect(fetchWithMirror(() => Promise.reject(httpError(404)), mirror, isTransientError)).rejects.toMatchObject(
      { status: 404 },
    );
  });

  it('offline with nothing saved rethrows the network error', async () => {
    const mirror = memoryMirror<string[]>();
    await expect(fetchWithMirror(() => Promise.reject(offline()), mirror, isTransientError)).rejects.toMatchObject({
      status: 0,
    });
  });

  it('a mirror that cannot be written does not fail the read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mirror: Mirror<number> = {
      read: async () => undefined,
      write: () => Promise.reject(new Error('QuotaExceededError')),
    };
    await expect(fetchWithMirror(async () => 7, mirror, isTransientError)).resolves.toBe(7);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a broken mirror read still surfaces the original error', async () => {
    const err = offline();
    const mirror: Mirror<number> = { read: () => Promise.reject(new Error('IDB closed')), write: async () => {} };
    await expect(fetchWithMirror(() => Promise.reject(err), mirror, isTransientError)).rejects.toBe(err);
  });
});

describe('Dexie mirrors', () => {
  it('a list never fetched reads as "nothing saved", an empty answer as an empty list', async () => {
    const mirror = listMirror({ key: 'test:list', table: db.artworks, mode: 'replace' });
    await expect(mirror.read()).resolves.toBeUndefined();
    await mirror.write([]);
    await expect(mirror.read()).resolves.toEqual([]);
  });

  it('reads back exactly the last answer, in the server order', async () => {
    const mirror = listMirror({ key: 'test:list', table: db.artworks, mode: 'upsert' });
    await mirror.write([artwork('c'), artwork('a'), artwork('b')]);
    expect((await mirror.read())?.map((a) => a.id)).toEqual(['c', 'a', 'b']);
  });

  it('replace drops records the server no longer lists; upsert keeps them', async () => {
    const all = listMirror({ key: 'test:all', table: db.artworks, mode: 'replace' });
    const firstTwo = listMirror({ key: 'test:first', table: db.artworks, mode: 'upsert' });
    await all.write([artwork('a'), artwork('b'), artwork('c')]);
    await firstTwo.write([artwork('a', { title: 'Renamed' }), artwork('b')]);
    expect(await db.artworks.count()).toBe(3);
    expect((await all.read())?.find((a) => a.id === 'a')?.title).toBe('Renamed');

    await all.write([artwork('a'), artwork('c')]);
    expect((await db.artworks.toCollection().primaryKeys()).sort()).toEqual(['a', 'c']);
    expect((await firstTwo.read())?.map((a) => a.id)).toEqual(['a']);
  });

  it('a single-record mirror remembers "there is none" as null', async () => {
    const mirror = recordMirror({ key: 'test:featured', table: db.prints });
    await expect(mirror.read()).resolves.toBeUndefined();
    await mirror.write(null);
    await expect(mirror.read()).resolves.toBeNull();
  });
});

describe('mirrored queries in loaders', () => {
  const options = (remote: () => Promise<ArtworksRecord[]>) =>
    mirroredQueryOptions({
      queryKey: ['artworks', 'test'] as const,
      remote,
      mirror: listMirror({ key: 'test:q', table: db.artworks, mode: 'replace' }),
    });

  it('with a saved copy, the loader fills the cache from it as stale data without waiting for the network', async () => {
    await listMirror({ key: 'test:q', table: db.artworks, mode: 'replace' }).write([artwork('saved')]);
    const qc = new QueryClient();
    const remote = vi.fn(() => new Promise<ArtworksRecord[]>(() => {}));
    await loadMirrored(qc, options(remote));
    expect(qc.getQueryData<ArtworksRecord[]>(['artworks', 'test'])?.map((a) => a.id)).toEqual(['saved']);
    expect(qc.getQueryState(['artworks', 'test'])?.dataUpdatedAt).toBe(0);
    expect(
      qc
        .getQueryCache()
        .find({ queryKey: ['artworks', 'test'] })
        ?.isStaleByTime(30_000),
    ).toBe(true);
    expect(remote).not.toHaveBeenCalled();
  });

  it('with nothing saved, the loader waits for the network and saves the answer', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await loadMirrored(
      qc,
      options(async () => [artwork('fresh')]),
    );
    expect(qc.getQueryData<ArtworksRecord[]>(['artworks', 'test'])?.map((a) => a.id)).toEqual(['fresh']);
    expect(await db.artworks.get('fresh')).toBeDefined();
  });

  it('data already in the cache (hydrated from a server render) answers at once: no mirror read, no network', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['artworks', 'test'], [artwork('hydrated')]);
    const remote = vi.fn(async () => [artwork('fresh')]);
    const mirror = { read: vi.fn(async () => [artwork('saved')]), write: vi.fn(async () => {}) };
    const options = mirroredQueryOptions({ queryKey: ['artworks', 'test'] as const, remote, mirror });
    expect((await loadMirrored(qc, options)).map((a) => a.id)).toEqual(['hydrated']);
    expect(mirror.read).not.toHaveBeenCalled();
    expect(remote).not.toHaveBeenCalled();
  });

  it("a server render's data is written to the device once, when the browser is idle, after the database opened, not while the page starts", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const opened = vi.spyOn(db, 'open');
    try {
      const qc = new QueryClient();
      const key = ['artworks', 'rendered'] as const;
      qc.setQueryData(key, [artwork('rendered')]);
      mirrorOnFirstLoad([hashKey(key)]);
      const mirror = {
        read: vi.fn(async (): Promise<ArtworksRecord[] | undefined> => undefined),
        write: vi.fn(async (_rows: ArtworksRecord[]) => {}),
      };
      const options = mirroredQueryOptions({ queryKey: key, remote: async () => [] as ArtworksRecord[], mirror });
      await loadMirrored(qc, options);
      await loadMirrored(qc, options);
      expect(mirror.write).not.toHaveBeenCalled();
      expect(opened).not.toHaveBeenCalled();
      // one job per idle period: first the database opens, then the copy is written
      expect(idle).toHaveLength(1);
      idle.shift()?.();
      expect(opened).toHaveBeenCalledTimes(1);
      expect(mirror.write).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      idle.shift()?.();
      expect(mirror.write).toHaveBeenCalledTimes(1);
      expect(mirror.write.mock.calls[0]?.[0]).toEqual([artwork('rendered')]);
      await vi.waitFor(() => expect(idle).toHaveLength(0));
    } finally {
      opened.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('the loader resolves with the data it put in the cache', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(
      (
        await loadMirrored(
          qc,
          options(async () => [artwork('fresh')]),
        )
      ).map((a) => a.id),
    ).toEqual(['fresh']);
  });

  it('offline on a later visit, the query answers from the mirror instead of failing', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await qc.fetchQuery(options(async () => [artwork('a'), artwork('b')]));
    qc.clear();
    const data = await qc.fetchQuery(options(() => Promise.reject(offline())));
    expect(data.map((a) => a.id)).toEqual(['a', 'b']);
  });
});

describe('without IndexedDB (a server render)', () => {
  it('mirrors read nothing and write nothing, so queries go to the network', async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error: a runtime without IndexedDB
    delete globalThis.indexedDB;
    try {
      const mirror = listMirror({ key: 'ssr:q', table: db.artworks, mode: 'replace' });
      await expect(mirror.write([artwork('x')])).resolves.toBeUndefined();
      await expect(mirror.read()).resolves.toBeUndefined();
      const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const data = await loadMirrored(
        qc,
        mirroredQueryOptions({ queryKey: ['ssr'] as const, remote: async () => [artwork('net')], mirror }),
      );
      expect(data.map((a) => a.id)).toEqual(['net']);
    } finally {
      globalThis.indexedDB = saved;
    }
    expect(await db.artworks.get('x')).toBeUndefined();
  });
});
