import { useSuspenseQuery } from '@tanstack/react-query';
import { latestNewsQueryOptions } from '@/features/news/api/news';
import * as newsStyles from '@/features/news/components/News.css';
import { NewsCard } from '@/features/news/components/NewsCard';
import { container, eyebrow } from '@/styles/utils.css';
import { PageHead } from '@/ui/page-head/PageHead';
import * as styles from './NewsPage.css';

/** /news: up to 9 published posts, newest first. */
export function NewsPage() {
  const { data: posts } = useSuspenseQuery(latestNewsQueryOptions());
  return (
    <div className={`${container} ${styles.page}`}>
      <PageHead title="News" description="News from the studio: exhibitions, print editions and work in progress." />
      <p className={eyebrow}>Journal</p>
      <h1 className={styles.title}>News</h1>
      {posts.length ? (
        <ul className={newsStyles.grid}>
          {posts.map((post, i) => (
            <li key={post.id}>
              <NewsCard post={post} priority={i === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <p>No news yet.</p>
      )}
    </div>
  );
}
