import { useSuspenseQuery } from '@tanstack/react-query';
import { artworksQueryOptions } from '@/features/portfolio/api/artworks';
import { ArtworkGrid } from '@/features/portfolio/components/ArtworkGrid';
import { container, eyebrow } from '@/styles/utils.css';
import { PageHead } from '@/ui/page-head/PageHead';
import * as styles from './ArtworksPage.css';

/** /artworks: every artwork, newest year first, with a "{n} results" count. */
export function ArtworksPage() {
  const { data: artworks } = useSuspenseQuery(artworksQueryOptions());
  return (
    <div className={`${container} ${styles.page}`}>
      <PageHead
        title="Artworks"
        description="Paintings by the artist: narrative, theatrical works made with crafted props and materials."
      />
      <header className={styles.header}>
        <div>
          <p className={eyebrow}>Portfolio</p>
          <h1 className={styles.title}>Artworks</h1>
        </div>
        <p className={styles.count} aria-live="polite">
          {artworks.length} results
        </p>
      </header>
      {artworks.length > 0 ? (
        <ArtworkGrid artworks={artworks} headingLevel="h2" priorityFirst />
      ) : (
        <p className={styles.empty}>No works available yet.</p>
      )}
    </div>
  );
}
