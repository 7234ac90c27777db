import { Link } from '@tanstack/react-router';
import { imageSource } from '@/lib/pocketbase/files';
import type { PrintsRecord } from '@/lib/pocketbase/types.gen';
import { Image } from '@/ui/image/Image';
import { formatPrice } from '../model/currency';
import { AddToCartButton } from './AddToCartButton';
import { availabilityText } from '../model/availability';
import * as styles from './PrintCard.css';
import { useShopPricing } from './use-shop-pricing';

/** One print on /print-editions: image and title link to /print-view?print={slug}. */
export function PrintCard({
  print,
  available,
  highlighted = false,
  priority = false,
}: {
  print: PrintsRecord;
  /** Copies left now (the live count). */
  available: number;
  highlighted?: boolean;
  priority?: boolean;
}) {
  const { currency, priceOf } = useShopPricing();
  const img = imageSource(print, print.cover_image || print.main_image, 800);
  return (
    <article
      id={`print-${print.slug}`}
      className={`${styles.card} ${highlighted ? styles.highlighted : ''}`}
      data-testid="print-card"
    >
      <Link
        to="/print-view"
        search={{ print: print.slug }}
        className={styles.imageLink}
        tabIndex={-1}
        aria-hidden="true"
      >
        <Image
          src={img?.src}
          srcSet={img?.srcSet}
          webpSrcSet={img?.webpSrcSet}
          sizes="(max-width: 767px) 90vw, 400px"
          alt=""
          width={800}
          height={1000}
          className={styles.image}
          priority={priority}
        />
      </Link>
      <h2 className={styles.title}>
        <Link to="/print-view" search={{ print: print.slug }} className={styles.titleLink}>
          {print.title}
        </Link>
      </h2>
      <p className={styles.meta}>
        {print.size ? `${print.size} · ` : ''}
        <span data-testid="availability" aria-live="polite">
          {availabilityText({ edition_size: print.edition_size, available })}
        </span>
      </p>
      <div className={styles.row}>
        <span className={styles.price} data-testid="print-price">
          {formatPrice(priceOf(print), currency)}
        </span>
        <AddToCartButton print={print} available={available} />
      </div>
    </article>
  );
}
