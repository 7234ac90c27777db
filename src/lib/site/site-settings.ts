import { useQuery } from '@tanstack/react-query';
import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { recordMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { SiteSettingsRecord } from '@/lib/pocketbase/types.gen';

const SETTINGS_KEY = 'main';

/** The artist's site settings (name, hero, contact, links): one record, key "main". */
export const siteSettingsQueryOptions = () =>
  mirroredQueryOptions({
    queryKey: [Collections.SiteSettings, SETTINGS_KEY] as const,
    remote: async () => {
      const page = await pb.collection(Collections.SiteSettings).getList<SiteSettingsRecord>(1, 1, {
        filter: pb.filter('key = {:key}', { key: SETTINGS_KEY }),
        skipTotal: true,
      });
      return page.items[0] ?? null;
    },
    mirror: recordMirror({ key: `${Collections.SiteSettings}:${SETTINGS_KEY}`, table: db.site_settings }),
  });

/** Settings for the layout and head; null while loading or when none exist. */
export function useSiteSettings(): SiteSettingsRecord | null {
  return useQuery(siteSettingsQueryOptions()).data ?? null;
}
