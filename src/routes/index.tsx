import { createFileRoute } from '@tanstack/react-router';
import { recentArtworksQueryOptions } from '@/features/portfolio/api/artworks';
import { featuredPrintQueryOptions } from '@/features/shop/api/featured-print';
import { siteSettingsQueryOptions } from '@/features/site/api/site-settings';
import { preloadHeroImage } from '@/features/site/api/hero-image';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { HomePage } from './-components/HomePage';

export const Route = createFileRoute('/')({
  loader: ({ context: { queryClient } }) => {
    const settings = siteSettingsQueryOptions();
    return Promise.all([
      loadMirrored(queryClient, settings).then(() => preloadHeroImage(queryClient.getQueryData(settings.queryKey))),
      loadMirrored(queryClient, recentArtworksQueryOptions()),
      loadMirrored(queryClient, featuredPrintQueryOptions()),
    ]);
  },
  component: HomePage,
});
