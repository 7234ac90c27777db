import { Link } from '@tanstack/react-router';
import { imageSource } from '@/lib/pocketbase/files';
import type { NewsPostsRecord } from '@/lib/pocketbase/types.gen';
import { Image } from '@/ui/image/Image';
import { formatPostDate, isoDate } from '../model/date';
import * as styles from './News.css';

/** `priority`: the card's image is the page's LCP element (the first card on a phone). */
export function NewsCard({ post, priority = false }: { post: NewsPostsRecord; priority?: boolean }) {
  const image = imageSource(post, post.cover_image);
  return (
    <Link to="/news/$slug" params={{ slug: post.slug }} className={styles.card}>
      <Image
        src={image?.src}
        srcSet={image?.srcSet}
        webpSrcSet={image?.webpSrcSet}
        sizes="(max-width: 767px) 100vw, 33vw"
        alt={post.cover_image_alt || ''}
        width={800}
        height={533}
        priority={priority}
        className={styles.cardImage}
      />
      <time className={styles.date} dateTime={isoDate(post.published_at)}>
        {formatPostDate(post.published_at)}
      </time>
      <h2 className={styles.cardTitle}>{post.title}</h2>
      {post.excerpt ? <p className={styles.excerpt}>{post.excerpt}</p> : null}
    </Link>
  );
}
