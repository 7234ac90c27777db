import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { listMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';

const RECENT_WORKS_LIMIT = 3;

const artworkKeys = {
  all: [Collections.Artworks] as const,
  list: () => [...artworkKeys.all, 'list', { sort: '-year' }] as const,
  recent: () => [...artworkKeys.all, 'recent', { sort: 'sort_order', limit: RECENT_WORKS_LIMIT }] as const,
};

/** All artworks, newest year first (the /artworks page). */
export const artworksQueryOptions = () =>
  mirroredQueryOptions({
    queryKey: artworkKeys.list(),
    remote: () => pb.collection(Collections.Artworks).getFullList<ArtworksRecord>({ sort: '-year,sort_order' }),
    // The whole collection: replacing drops artworks the artist has removed.
    mirror: listMirror({ key: 'artworks:list', table: db.artworks, mode: 'replace' }),
  });

/** The first artworks by sort order (home page "Recent Works"). */
export const recentArtworksQueryOptions = () =>
  mirroredQueryOptions({
    queryKey: artworkKeys.recent(),
    remote: async () =>
      (
        await pb
          .collection(Collections.Artworks)
          .getList<ArtworksRecord>(1, RECENT_WORKS_LIMIT, { sort: 'sort_order', skipTotal: true })
      ).items,
    mirror: listMirror({ key: 'artworks:recent', table: db.artworks, mode: 'upsert' }),
  });
