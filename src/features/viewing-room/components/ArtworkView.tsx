import { useState } from 'react';
import { fileUrl, imageSource } from '@/lib/pocketbase/files';
import { Image } from '@/ui/image/Image';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import { Lightbox } from '@/ui/lightbox/Lightbox';
import type { RoomWork } from '../api/works';
import { artworkImages } from '../model/images';
import { InquiryForm } from './InquiryForm';
import * as styles from './ViewingRoom.css';

/** The unlocked room: images (main + up to 5 details), details, price note, marks and the inquiry form. */
export function ArtworkView({ artwork }: { artwork: RoomWork }) {
  const images = artworkImages(artwork);
  const [active, setActive] = useState(0);
  const [zoom, setZoom] = useState(false);
  const current = images[active] ?? images[0];
  const source = current ? imageSource(artwork, current.file, 1600) : undefined;
  // the full original for zooming
  const original = current ? fileUrl(artwork, current.file) : undefined;

  return (
    <div className={styles.room}>
      <div>
        {current && source ? (
          <button
            type="button"
            className={styles.mainButton}
            onClick={() => setZoom(true)}
            aria-label={`Zoom in on ${current.alt}`}
          >
            <Image
              src={source.src}
              srcSet={source.srcSet}
              webpSrcSet={source.webpSrcSet}
              sizes="(max-width: 767px) 100vw, 60vw"
              alt={current.alt}
              width={1600}
              height={1200}
              priority
              className={styles.mainImage}
            />
          </button>
        ) : null}
        {images.length > 1 ? (
          <ul className={styles.thumbs} aria-label="Images of this work">
            {images.map((img, i) => (
              <li key={img.field}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-pressed={i === active}
                  aria-label={`Show ${img.alt}`}
                  onClick={() => setActive(i)}
                >
                  <Image
                    src={fileUrl(artwork, img.file, 400)}
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
      </div>
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
      {zoom && original && current ? (
        <Lightbox src={original} alt={current.alt} caption={artwork.title} onClose={() => setZoom(false)} />
      ) : null}
    </div>
  );
}
