import { createRootRouteWithContext } from '@tanstack/react-router';
import { SiteLayout } from '@/app/layout/SiteLayout';
import type { RouterContext } from '@/app/router-context';
import { NotFound } from '@/app/screens/NotFound';
import { siteSettingsQueryOptions } from '@/lib/site/site-settings';
import { loadMirrored } from '@/lib/offline/mirrored-query';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Settings feed the top bar, footer and head. A failure must not take the site down:
  // the layout falls back to neutral texts until they arrive.
  loader: async ({ context: { queryClient } }) => {
    await loadMirrored(queryClient, siteSettingsQueryOptions()).catch(() => undefined);
  },
  component: SiteLayout,
  notFoundComponent: NotFound,
});
