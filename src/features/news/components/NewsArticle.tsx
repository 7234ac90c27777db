import { Link } from '@tanstack/react-router';
import { sanitizeHtml } from '@/lib/html/sanitize';
import { imageSource } from '@/lib/pocketbase/files';
import type { NewsPostWithEvents } from '../api/news';
import { Image } from '@/ui/image/Image';
import { formatPostDate, isoDate } from '../model/date';
import { EventLink } from './EventLink';
import * as styles from './News.css';

/**
 * One post: cover, date, excerpt and the stored content through the allow-list sanitizer, then
 * the exhibition or drop it is about.
 */
export function NewsArticle({ post }: { post: NewsPostWithEvents }) {
  const image = imageSource(post, post.cover_image, 1600);
  return (
    <article className={styles.article}>
      <Link to="/news" className={styles.back}>
        ← Back to News
      </Link>
      <time className={styles.date} dateTime={isoDate(post.published_at)}>
        {formatPostDate(post.published_at)}
      </time>
      <h1 className={styles.articleTitle}>{post.title}</h1>
      {post.excerpt ? <p className={styles.lead}>{post.excerpt}</p> : null}
      {image ? (
        <Image
          src={image.src}
          srcSet={image.srcSet}
          webpSrcSet={image.webpSrcSet}
          sizes="(max-width: 767px) 100vw, 44rem"
          alt={post.cover_image_alt || ''}
          width={1600}
          height={1067}
          priority
          className={styles.cover}
        />
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML passes the allow-list sanitizer first */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: sanitizeHtml(post.content) }} />
      <EventLink post={post} />
    </article>
  );
}
