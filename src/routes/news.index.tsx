import { createFileRoute } from '@tanstack/react-router';
import { latestNewsQueryOptions } from '@/features/news/api/news';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { NewsPage } from '@/features/news/components/NewsPage';

export const Route = createFileRoute('/news/')({
  loader: async ({ context: { queryClient } }) => {
    await loadMirrored(queryClient, latestNewsQueryOptions());
  },
  component: NewsPage,
});
