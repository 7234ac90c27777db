import { createFileRoute } from '@tanstack/react-router';
import { artworksQueryOptions } from '@/features/portfolio/api/artworks';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { ArtworksPage } from '@/features/portfolio/components/ArtworksPage';

export const Route = createFileRoute('/artworks')({
  loader: async ({ context: { queryClient } }) => {
    await loadMirrored(queryClient, artworksQueryOptions());
  },
  component: ArtworksPage,
});
