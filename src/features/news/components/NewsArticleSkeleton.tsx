import * as styles from './News.css';

// Its own module: the route shows it while loading, so it sits in the entry chunk, where the
// article (and its HTML sanitizer) should not.
/** Loading skeleton in the shape of the article. */
export function NewsArticleSkeleton() {
  return (
    <div className={styles.article} role="status" aria-busy="true" aria-label="Loading article">
      <div className={styles.skeleton} style={{ width: '8rem', height: '1rem', marginBottom: '1.5rem' }} />
      <div className={styles.skeleton} style={{ width: '6rem', height: '0.8rem', marginBottom: '0.75rem' }} />
      <div className={styles.skeleton} style={{ width: '80%', height: '2.5rem', marginBottom: '1rem' }} />
      <div className={styles.skeleton} style={{ width: '100%', height: '1.2rem', marginBottom: '1.5rem' }} />
      <div className={styles.skeleton} style={{ width: '100%', aspectRatio: '3 / 2', marginBottom: '2rem' }} />
      <div className={styles.skeleton} style={{ width: '100%', height: '1rem', marginBottom: '0.5rem' }} />
      <div className={styles.skeleton} style={{ width: '92%', height: '1rem' }} />
    </div>
  );
}
