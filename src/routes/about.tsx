import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '@/features/site/components/AboutPage';
import { siteSettingsQueryOptions } from '@/lib/site/site-settings';
import { loadMirrored } from '@/lib/offline/mirrored-query';

export const Route = createFileRoute('/about')({
  loader: async ({ context: { queryClient } }) => {
    await loadMirrored(queryClient, siteSettingsQueryOptions()).catch(() => undefined);
  },
  component: AboutPage,
});
