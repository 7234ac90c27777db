import { Collections } from '@/lib/contract/contract.gen';
import { valueMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { DropsRecord, PrintsRecord } from '@/lib/pocketbase/types.gen';
import { DEFAULT_DROP_SLUG } from '../model/countdown';

export type DropWithPrint = DropsRecord & { expand?: { print_id?: PrintsRecord } };

async function bySlug(slug: string): Promise<DropWithPrint | null> {
  const page = await pb.collection(Collections.Drops).getList<DropWithPrint>(1, 1, {
    filter: pb.filter('slug = {:slug}', { slug }),
    expand: 'print_id',
    skipTotal: true,
  });
  return page.items[0] ?? null;
}

/** A drop by slug with its print; an unknown slug falls back to the default drop. */
export const dropQueryOptions = (slug: string) =>
  mirroredQueryOptions({
    queryKey: [Collections.Drops, slug] as const,
    remote: async () => (await bySlug(slug)) ?? (slug === DEFAULT_DROP_SLUG ? null : await bySlug(DEFAULT_DROP_SLUG)),
    mirror: valueMirror<DropWithPrint | null>(`drops:${slug}`),
  });
