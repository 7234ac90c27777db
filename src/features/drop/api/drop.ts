import { Collections } from '@/lib/contract/contract.gen';
import { valueMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { DropsRecord, PrintsRecord } from '@/lib/pocketbase/types.gen';

export type DropWithPrint = DropsRecord & { expand?: { print_id?: PrintsRecord } };

async function bySlug(slug: string): Promise<DropWithPrint | null> {
  const page = await pb.collection(Collections.Drops).getList<DropWithPrint>(1, 1, {
    filter: pb.filter('slug = {:slug}', { slug }),
    expand: 'print_id',
    skipTotal: true,
  });
  return page.items[0] ?? null;
}

/** A drop by slug with its print; null when there is no such drop (the page is a 404). */
export const dropQueryOptions = (slug: string) =>
  mirroredQueryOptions({
    queryKey: [Collections.Drops, slug] as const,
    remote: () => bySlug(slug),
    mirror: valueMirror<DropWithPrint | null>(`drops:${slug}`),
  });
