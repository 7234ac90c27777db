import { useState } from 'react';
import { Image } from '../image/Image';
import { Lightbox } from '../lightbox/Lightbox';
import * as styles from './ImageGallery.css';

/**
 * A thumbnail's slot (styles.thumbImage, 4.5rem): the browser takes the smallest copy, the
 * 400 px WebP (2-5 kB) rather than the 400 px JPEG thumb (37-42 kB). The print page's three
 * thumbnails shared a phone's line with its LCP image (Lighthouse: 115 kB of JPEG before it).
 */
const THUMB_SIZES = '72px';

export interface GalleryImage {
  /** Stable key (the record's field name). */
  key: string;
  alt: string;
  /** The large view: a responsive source. */
  src?: string;
  srcSet?: string;
  webpSrcSet?: string;
  /** A small copy for its thumbnail button. */
  thumb?: string;
  /** The full original, for the zoom view. */
  original?: string;
}

interface ImageGalleryProps {
  images: readonly GalleryImage[];
  /** Shown under the zoomed image (the work's title). */
  caption: string;
  /** `sizes` of the large view in the page's layout. */
  sizes: string;
  /** Intrinsic size of the large view, so the page keeps its place while it loads. */
  width: number;
  height: number;
}

/**
 * A work's images, as in the viewing room and on print pages: the large view is a button that
 * opens the zoom view (fit to 3×, pan, pinch: ui/lightbox); the thumbnails below choose which
 * image the large view shows (the paper, the signature).
 */
export function ImageGallery({ images, caption, sizes, width, height }: ImageGalleryProps) {
  const [active, setActive] = useState(0);
  const [zoom, setZoom] = useState(false);
  const current = images[active] ?? images[0];
  if (!current) return null;
  return (
    <div>
      <button
        type="button"
        className={styles.mainButton}
        onClick={() => setZoom(true)}
        aria-label={`Zoom in on ${current.alt}`}
      >
        <Image
          src={current.src}
          srcSet={current.srcSet}
          webpSrcSet={current.webpSrcSet}
          sizes={sizes}
          alt={current.alt}
          width={width}
          height={height}
          // one box whatever the file's own ratio (contain letterboxes it): a loaded image that
          // changed the box's height moved everything below it, a focused thumbnail under the banner
          style={{ aspectRatio: `${width} / ${height}` }}
          priority
          className={styles.mainImage}
        />
        <span className={styles.zoomHint} aria-hidden="true">
          <svg
            width="14"
            height="14"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="M11 8v6M8 11h6M16.5 16.5 21 21" />
          </svg>
          Zoom
        </span>
      </button>
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Images of this work">
          {images.map((img, i) => (
            <li key={img.key}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === active}
                aria-label={`Show ${img.alt}`}
                onClick={() => setActive(i)}
              >
                <Image
                  src={img.thumb}
                  srcSet={img.srcSet}
                  webpSrcSet={img.webpSrcSet}
                  sizes={THUMB_SIZES}
                  alt=""
                  width={72}
                  height={72}
                  className={styles.thumbImage}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {zoom && current.original ? (
        <Lightbox src={current.original} alt={current.alt} caption={caption} onClose={() => setZoom(false)} />
      ) : null}
    </div>
  );
}
