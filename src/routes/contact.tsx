import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from './-components/ContactPage';
import { siteSettingsQueryOptions } from '@/features/site/api/site-settings';
import { loadMirrored } from '@/lib/offline/mirrored-query';

export const Route = createFileRoute('/contact')({
  loader: async ({ context: { queryClient } }) => {
    await loadMirrored(queryClient, siteSettingsQueryOptions()).catch(() => undefined);
  },
  component: ContactPage,
});
