import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { listMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { PrintsRecord } from '@/lib/pocketbase/types.gen';

/**
 * Active prints by sort order (the list; the detail picks from it by slug and
 * falls back to the first). One query for both pages, so a print seen on the list renders
 * offline on its own page. `available` is the server's count of copies left.
 */
export const printsQueryOptions = () =>
  mirroredQueryOptions({
    queryKey: [Collections.Prints, 'active'] as const,
    remote: () =>
      pb
        .collection(Collections.Prints)
        .getFullList<PrintsRecord>({ filter: 'is_active = true', sort: 'sort_order,created' }),
    mirror: listMirror({ key: 'prints:active', table: db.prints, mode: 'replace' }),
  });

/** The print for /print-view?print=slug: by slug, else the first active print (or null). */
export function pickPrint(prints: readonly PrintsRecord[], slug: string | undefined): PrintsRecord | null {
  return (slug ? prints.find((p) => p.slug === slug) : undefined) ?? prints[0] ?? null;
}
