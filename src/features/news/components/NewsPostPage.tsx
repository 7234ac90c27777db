import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { newsPostQueryOptions } from '@/features/news/api/news';
import { NewsArticle } from '@/features/news/components/NewsArticle';
import { NewsArticleSkeleton } from '@/features/news/components/NewsArticleSkeleton';
import { htmlToText } from '@/lib/html/sanitize';
import { fileUrl } from '@/lib/pocketbase/files';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { PageHead } from '@/ui/page-head/PageHead';
import * as styles from './NewsPage.css';

/** /news/$slug: the article, its skeleton while loading, or "Article Not Found". */
export function NewsPostPage({ slug }: { slug: string }) {
  const { data: post, isPending } = useQuery(newsPostQueryOptions(slug));
  return (
    <div className={`${container} ${styles.page}`}>
      {isPending ? (
        <NewsArticleSkeleton />
      ) : post ? (
        <>
          <PageHead
            title={post.title}
            description={post.excerpt || htmlToText(post.content).slice(0, 300)}
            image={fileUrl(post, post.cover_image, 1600)}
          />
          <NewsArticle post={post} />
        </>
      ) : (
        <NotFoundSection />
      )}
    </div>
  );
}

function NotFoundSection() {
  return (
    <section className={styles.notFound}>
      <PageHead title="Article Not Found" />
      <h1 className={styles.title}>Article Not Found</h1>
      <p>The article you are looking for does not exist or is no longer published.</p>
      <Link to="/news" className={button({ tone: 'outline' })}>
        Back to News
      </Link>
    </section>
  );
}

/** /news/$slug when the server says there is no such published post (answered with a 404). */
export function ArticleNotFound() {
  return (
    <div className={`${container} ${styles.page}`}>
      <NotFoundSection />
    </div>
  );
}
