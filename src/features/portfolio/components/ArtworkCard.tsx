import { Link } from '@tanstack/react-router';
import { imageSource } from '@/lib/pocketbase/files';
import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';
import { Image } from '@/ui/image/Image';
import * as styles from './ArtworkCard.css';

interface ArtworkCardProps {
  artwork: ArtworksRecord;
  /** Heading level of the title inside the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** `sizes` of the image in its grid. */
  sizes: string;
  /** The page's LCP image: loaded first; the others wait until they near the viewport. */
  priority?: boolean;
}

/** An artwork in a grid; opens it in the viewing room. */
export function ArtworkCard({ artwork, headingLevel: Heading = 'h3', sizes, priority = false }: ArtworkCardProps) {
  const image = imageSource(artwork, artwork.main_image);
  const details = [artwork.medium, artwork.year ? String(artwork.year) : ''].filter(Boolean).join(', ');
  const status = artwork.is_sold ? 'Sold' : artwork.is_with_tang_gallery ? 'Tang Gallery' : null;

  return (
    <Link to="/viewing-room" search={{ artwork: artwork.slug }} className={styles.card}>
      <div className={styles.frame}>
        {image ? (
          <Image
            src={image.src}
            srcSet={image.srcSet}
            webpSrcSet={image.webpSrcSet}
            sizes={sizes}
            alt={artwork.main_image_alt || artwork.title}
            width={800}
            height={1000}
            priority={priority}
            className={styles.image}
          />
        ) : null}
      </div>
      <div>
        {/* below the frame, not over it: a badge on the frame covered the painting's corner */}
        <div className={styles.titleRow}>
          <Heading className={styles.title}>{artwork.title}</Heading>
          {status ? <span className={styles.badge}>{status}</span> : null}
        </div>
        {details ? <p className={styles.meta}>{details}</p> : null}
        {artwork.dimensions ? <p className={styles.meta}>{artwork.dimensions}</p> : null}
      </div>
    </Link>
  );
}
