import { fileUrl, imageSource } from '@/lib/pocketbase/files';
import { type GalleryImage, ImageGallery } from '@/ui/gallery/ImageGallery';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import type { RoomWork } from '../api/works';
import { artworkImages } from '../model/images';
import { InquiryForm } from './InquiryForm';
import * as styles from './ViewingRoom.css';

/** The unlocked room: images (main + up to 5 details), details, price note, marks and the inquiry form. */
export function ArtworkView({ artwork }: { artwork: RoomWork }) {
  const images: GalleryImage[] = artworkImages(artwork).map((img) => ({
    key: img.field,
    alt: img.alt,
    ...imageSource(artwork, img.file, 1600),
    thumb: fileUrl(artwork, img.file, 400),
    // the full original for zooming
    original: fileUrl(artwork, img.file),
  }));

  return (
    <div className={styles.room}>
      <ImageGallery
        key={artwork.id}
        images={images}
        caption={artwork.title}
        sizes="(max-width: 767px) 100vw, 60vw"
        width={1600}
        height={1200}
      />
      <div className={styles.details}>
        <h1 className={styles.title}>{artwork.title}</h1>
        {artwork.is_sold || artwork.is_with_tang_gallery ? (
          <ul className={styles.marks} aria-label="Status">
            {artwork.is_sold ? <li className={styles.mark}>Sold</li> : null}
            {artwork.is_with_tang_gallery ? <li className={styles.mark}>Tang Gallery</li> : null}
          </ul>
        ) : null}
        <dl className={styles.facts}>
          {artwork.year ? (
            <>
              <dt className={styles.factTerm}>Year</dt>
              <dd className={styles.factValue}>{artwork.year}</dd>
            </>
          ) : null}
          {artwork.medium ? (
            <>
              <dt className={styles.factTerm}>Medium</dt>
              <dd className={styles.factValue}>{artwork.medium}</dd>
            </>
          ) : null}
          {artwork.dimensions ? (
            <>
              <dt className={styles.factTerm}>Dimensions</dt>
              <dd className={styles.factValue}>{artwork.dimensions}</dd>
            </>
          ) : null}
        </dl>
        {artwork.price_note ? <p className={styles.priceNote}>{artwork.price_note}</p> : null}
        {artwork.description ? <p className={styles.description}>{artwork.description}</p> : null}
        {artwork.is_with_tang_gallery ? (
          <p className={styles.text}>This work is held by Tang Gallery, Stockholm.</p>
        ) : null}
        {artwork.is_inquirable ? (
          <div>
            <InquiryForm artwork={artwork} />
            <PrivacyNote>We use your details only to answer your inquiry.</PrivacyNote>
          </div>
        ) : null}
      </div>
    </div>
  );
}
