import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';
import { ArtworkCard } from './ArtworkCard';
import * as styles from './ArtworkGrid.css';

const SIZES = '(max-width: 767px) 100vw, (max-width: 1023px) 50vw, 400px';

export function ArtworkGrid({
  artworks,
  headingLevel,
  priorityFirst = false,
}: {
  artworks: readonly ArtworksRecord[];
  headingLevel: 'h2' | 'h3';
  /** The first image is the page's LCP element (a phone shows one card per row). */
  priorityFirst?: boolean;
}) {
  return (
    <ul className={styles.grid}>
      {artworks.map((artwork, index) => (
        <li key={artwork.id}>
          <ArtworkCard
            artwork={artwork}
            headingLevel={headingLevel}
            sizes={SIZES}
            priority={priorityFirst && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
