import { Collections } from '@/lib/contract/contract.gen';
import { valueMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { ExhibitionsRecord } from '@/lib/pocketbase/types.gen';

/** An exhibition by slug; null when unknown. */
export const exhibitionQueryOptions = (slug: string) =>
  mirroredQueryOptions({
    queryKey: [Collections.Exhibitions, slug] as const,
    remote: async () => {
      const page = await pb
        .collection(Collections.Exhibitions)
        .getList<ExhibitionsRecord>(1, 1, { filter: pb.filter('slug = {:slug}', { slug }), skipTotal: true });
      return page.items[0] ?? null;
    },
    mirror: valueMirror<ExhibitionsRecord | null>(`exhibitions:${slug}`),
  });
