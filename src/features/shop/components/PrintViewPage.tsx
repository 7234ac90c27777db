import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fileUrl, imageSource } from '@/lib/pocketbase/files';
import { copiesLeft, useLiveStock } from '@/lib/stock/live-stock';
import type { PrintsRecord } from '@/lib/pocketbase/types.gen';
import { container, eyebrow } from '@/styles/utils.css';
import { type GalleryImage, ImageGallery } from '@/ui/gallery/ImageGallery';
import { LegalLink } from '@/ui/legal/LegalLinks';
import { pickPrint, printsQueryOptions } from '../api/prints';
import { formatPrice } from '../model/currency';
import { AddToCartButton } from './AddToCartButton';
import { availabilityText } from '../model/availability';
import { CurrencySelect } from './CurrencySelect';
import * as styles from './ShopPage.css';
import { useShopPricing } from './use-shop-pricing';

const DETAILS = [1, 2, 3, 4, 5] as const;

/** The print's main image, then up to 5 details (the paper, the signature), each zoomable. */
function galleryImages(print: PrintsRecord): GalleryImage[] {
  const main = print.main_image || print.cover_image;
  const files = [
    { key: 'main_image', file: main, alt: print.main_image_alt || print.title },
    ...DETAILS.map((n) => ({
      key: `detail_image_${n}`,
      file: print[`detail_image_${n}`],
      alt: print[`detail_image_${n}_alt`] || `Detail of ${print.title}`,
    })),
  ].filter((d) => !!d.file);
  return files.map((d) => ({
    key: d.key,
    alt: d.alt,
    ...imageSource(print, d.file, 1600),
    thumb: fileUrl(print, d.file, 400),
    original: fileUrl(print, d.file),
  }));
}

/**
 * /print-view?print={slug}: one print; a missing slug shows the first active print, and so does
 * one that names no print for sale (`gone`), saying so above it.
 */
export function PrintViewPage({ slug, gone = false }: { slug?: string; gone?: boolean }) {
  const { data: prints } = useSuspenseQuery(printsQueryOptions());
  const print = pickPrint(prints, slug);
  const { currency, priceOf } = useShopPricing();
  const live = useLiveStock();

  if (!print) {
    return (
      <div className={`${container} ${styles.status}`}>
        <h1 className={styles.statusTitle}>No prints available</h1>
        <Link to="/print-editions">Back to print editions</Link>
      </div>
    );
  }
  return (
    <div className={`${container} ${styles.page}`}>
      {gone ? (
        <div className={styles.gone} data-testid="print-gone">
          <p>
            <strong>That print is no longer available.</strong> Below is {print.title}, one of the editions for sale
            now.
          </p>
          <Link to="/print-editions">See all print editions</Link>
        </div>
      ) : null}
      <div className={styles.detail}>
        <ImageGallery
          images={galleryImages(print)}
          caption={print.title}
          sizes="(max-width: 767px) 92vw, 60vw"
          width={1600}
          height={2000}
        />
        <div className={styles.info}>
          <p className={eyebrow}>Print Edition</p>
          <h1 className={styles.title}>{print.title}</h1>
          <div className={styles.facts}>
            {print.size ? <p>{print.size}</p> : null}
            <p data-testid="availability" aria-live="polite">
              {availabilityText({ edition_size: print.edition_size, available: copiesLeft(live, print) })}
            </p>
          </div>
          <p className={styles.price} data-testid="print-price">
            {formatPrice(priceOf(print), currency)}
          </p>
          <CurrencySelect />
          <AddToCartButton print={print} available={copiesLeft(live, print)} block />
          {print.description ? <p className={styles.description}>{print.description}</p> : null}
          <p className={styles.notes}>
            Signed giclée print on archival paper. Free worldwide shipping from Stockholm (average 2-4 weeks); import
            duties and taxes may apply. <LegalLink page="terms" />.
          </p>
          <Link to="/print-editions">All print editions</Link>
        </div>
      </div>
    </div>
  );
}
