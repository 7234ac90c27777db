import { Collections } from '@/lib/contract/contract.gen';
import { valueMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { PagesRecord } from '@/lib/pocketbase/types.gen';

/** A published page the artist made in the admin UI; null when there is none. */
export const pageQueryOptions = (slug: string) =>
  mirroredQueryOptions({
    queryKey: [Collections.Pages, slug] as const,
    remote: async () => {
      const page = await pb.collection(Collections.Pages).getList<PagesRecord>(1, 1, {
        filter: pb.filter('slug = {:slug} && is_published = true', { slug }),
        skipTotal: true,
      });
      return page.items[0] ?? null;
    },
    mirror: valueMirror<PagesRecord | null>(`pages:${slug}`),
  });
