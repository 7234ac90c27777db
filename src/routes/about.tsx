import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from './-components/AboutPage';
import { siteSettingsQueryOptions } from '@/features/site/api/site-settings';
import { loadMirrored } from '@/lib/offline/mirrored-query';

export const Route = createFileRoute('/about')({
  loader: async ({ context: { queryClient } }) => {
    await loadMirrored(queryClient, siteSettingsQueryOptions()).catch(() => undefined);
  },
  component: AboutPage,
});
