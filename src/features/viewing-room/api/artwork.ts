import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { recordMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';

/**
 * The artwork shown in the viewing room: by slug, or the first by sort order when the slug
 * is missing or unknown. Null only when there are no artworks at all.
 */
export const viewingRoomArtworkQueryOptions = (slug: string | undefined) =>
  mirroredQueryOptions({
    queryKey: [Collections.Artworks, 'viewing-room', slug ?? null] as const,
    remote: async () => {
      const artworks = pb.collection(Collections.Artworks);
      if (slug) {
        const bySlug = await artworks.getList<ArtworksRecord>(1, 1, {
          filter: pb.filter('slug = {:slug}', { slug }),
          skipTotal: true,
        });
        if (bySlug.items[0]) return bySlug.items[0];
      }
      const first = await artworks.getList<ArtworksRecord>(1, 1, { sort: 'sort_order', skipTotal: true });
      return first.items[0] ?? null;
    },
    mirror: recordMirror({ key: `viewing-room:${slug ?? ''}`, table: db.artworks }),
  });
