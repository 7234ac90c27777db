import { createFileRoute } from '@tanstack/react-router';
import { StayConnected } from '@/features/newsletter/components/StayConnected';
import { recentArtworksQueryOptions } from '@/features/portfolio/api/artworks';
import { RecentWorks } from '@/features/portfolio/components/RecentWorks';
import { featuredPrintQueryOptions } from '@/features/shop/api/featured-print';
import { PrintTeaser } from '@/features/shop/components/PrintTeaser';
import { preloadHeroImage } from '@/features/site/api/hero-image';
import { HomePage } from '@/features/site/components/HomePage';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { siteSettingsQueryOptions } from '@/lib/site/site-settings';

export const Route = createFileRoute('/')({
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      loadMirrored(queryClient, siteSettingsQueryOptions()).then(preloadHeroImage),
      loadMirrored(queryClient, recentArtworksQueryOptions()),
      loadMirrored(queryClient, featuredPrintQueryOptions()),
    ]);
  },
  component: Home,
});

function Home() {
  return (
    <HomePage>
      <RecentWorks />
      <PrintTeaser />
      <StayConnected />
    </HomePage>
  );
}
