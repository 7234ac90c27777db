import { createFileRoute, notFound } from '@tanstack/react-router';
import { newsPostQueryOptions } from '@/features/news/api/news';
import { NewsArticleSkeleton } from '@/features/news/components/NewsArticleSkeleton';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { ArticleNotFound, NewsPostPage } from '@/features/news/components/NewsPostPage';

export const Route = createFileRoute('/news/$slug')({
  // A failed load (offline, no copy) is shown as "Article Not Found" by the page, not as an error
  // screen; the server saying there is no such post is a not-found, so its page answers 404.
  loader: async ({ context: { queryClient }, params }) => {
    const post = await loadMirrored(queryClient, newsPostQueryOptions(params.slug)).catch(() => undefined);
    if (post === null) throw notFound();
  },
  notFoundComponent: ArticleNotFound,
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
