import { createFileRoute } from '@tanstack/react-router';
import { newsPostQueryOptions } from '@/features/news/api/news';
import { NewsArticleSkeleton } from '@/features/news/components/NewsArticleSkeleton';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { NewsPostPage } from '@/features/news/components/NewsPostPage';

export const Route = createFileRoute('/news/$slug')({
  // A failed load is shown as "Article Not Found" by the page, not as an error screen.
  loader: async ({ context: { queryClient }, params }) => {
    await loadMirrored(queryClient, newsPostQueryOptions(params.slug)).catch(() => undefined);
  },
  pendingComponent: NewsPostPending,
  component: NewsPostRoute,
});

function NewsPostPending() {
  return (
    <div style={{ paddingBlock: '2.5rem', paddingInline: 'clamp(1rem, 0.5rem + 2.5vw, 2.5rem)' }}>
      <NewsArticleSkeleton />
    </div>
  );
}

function NewsPostRoute() {
  const { slug } = Route.useParams();
  return <NewsPostPage slug={slug} />;
}
