import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';
import { ArtworkCard } from './ArtworkCard';
import * as styles from './ArtworkGrid.css';

const SIZES = '(max-width: 767px) 100vw, (max-width: 1023px) 50vw, 400px';

export function ArtworkGrid({
  artworks,
  headingLevel,
}: {
  artworks: readonly ArtworksRecord[];
  headingLevel: 'h2' | 'h3';
}) {
  return (
    <ul className={styles.grid}>
      {artworks.map((artwork, index) => (
        <li key={artwork.id}>
          <ArtworkCard artwork={artwork} headingLevel={headingLevel} sizes={SIZES} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
