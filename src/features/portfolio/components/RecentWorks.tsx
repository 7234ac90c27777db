import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { recentArtworksQueryOptions } from '../api/artworks';
import { ArtworkGrid } from './ArtworkGrid';
import * as styles from './Section.css';

/** Home: the first three artworks by sort order. */
export function RecentWorks() {
  const { data: artworks } = useSuspenseQuery(recentArtworksQueryOptions());
  return (
    <section className={styles.section} aria-labelledby="recent-works-title">
      <div className={styles.header}>
        <h2 id="recent-works-title" className={styles.title}>
          Recent Works
        </h2>
        {artworks.length > 0 ? (
          <Link to="/artworks" className={styles.more}>
            View all works
          </Link>
        ) : null}
      </div>
      {artworks.length > 0 ? (
        <ArtworkGrid artworks={artworks} headingLevel="h3" />
      ) : (
        <p className={styles.empty}>No works available yet.</p>
      )}
    </section>
  );
}
