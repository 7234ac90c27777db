import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@/features/contact/components/ContactPage';
import { siteSettingsQueryOptions } from '@/lib/site/site-settings';
import { loadMirrored } from '@/lib/offline/mirrored-query';

export const Route = createFileRoute('/contact')({
  loader: async ({ context: { queryClient } }) => {
    await loadMirrored(queryClient, siteSettingsQueryOptions()).catch(() => undefined);
  },
  component: ContactPage,
});
