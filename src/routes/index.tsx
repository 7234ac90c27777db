import { createFileRoute } from '@tanstack/react-router';
import { recentArtworksQueryOptions } from '@/features/portfolio/api/artworks';
import { featuredPrintQueryOptions } from '@/features/shop/api/featured-print';
import { siteSettingsQueryOptions } from '@/lib/site/site-settings';
import { preloadHeroImage } from '@/features/site/api/hero-image';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { HomePage } from '@/features/site/components/HomePage';

export const Route = createFileRoute('/')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      loadMirrored(queryClient, siteSettingsQueryOptions()).then(preloadHeroImage),
      loadMirrored(queryClient, recentArtworksQueryOptions()),
      loadMirrored(queryClient, featuredPrintQueryOptions()),
    ]);
  },
  component: HomePage,
});
