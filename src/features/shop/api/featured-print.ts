import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { recordMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { PrintsRecord } from '@/lib/pocketbase/types.gen';

/** The first active print by sort order (home page teaser); null when there is none. */
export const featuredPrintQueryOptions = () =>
  mirroredQueryOptions({
    queryKey: [Collections.Prints, 'featured'] as const,
    remote: async () => {
      const page = await pb
        .collection(Collections.Prints)
        .getList<PrintsRecord>(1, 1, { filter: 'is_active = true', sort: 'sort_order', skipTotal: true });
      return page.items[0] ?? null;
    },
    mirror: recordMirror({ key: 'prints:featured', table: db.prints }),
  });
