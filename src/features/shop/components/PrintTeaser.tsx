import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { imageSource } from '@/lib/pocketbase/files';
import { eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { featuredPrintQueryOptions } from '../api/featured-print';
import * as styles from './PrintTeaser.css';

/** Home: the first active print by sort order, or a disabled "Unavailable". */
export function PrintTeaser() {
  const { data: print } = useSuspenseQuery(featuredPrintQueryOptions());
  const cover = print ? (imageSource(print, print.cover_image) ?? imageSource(print, print.main_image)) : undefined;
  const alt = print ? print.cover_image_alt || print.main_image_alt || print.title : '';

  return (
    <section className={styles.teaser} aria-labelledby="print-teaser-title">
      <div className={styles.frame}>
        {cover ? (
          <Image
            src={cover.src}
            srcSet={cover.srcSet}
            webpSrcSet={cover.webpSrcSet}
            sizes="(max-width: 767px) 90vw, 560px"
            alt={alt}
            width={800}
            height={1000}
            className={styles.image}
          />
        ) : null}
      </div>
      <div className={styles.body}>
        <p className={eyebrow}>Print Editions</p>
        <h2 id="print-teaser-title" className={styles.title}>
          Limited-edition prints
        </h2>
        {print ? <p className={styles.printTitle}>{print.title}</p> : null}
        <p className={styles.text}>
          Signed giclée prints on archival paper, in small editions. Free worldwide shipping from Stockholm.
        </p>
        {print?.edition_size ? (
          <p className={styles.facts}>
            Edition of {print.edition_size}
            {print.size ? ` · ${print.size}` : ''}
          </p>
        ) : null}
        <div>
          {print ? (
            <Link to="/print-editions" search={{ print: print.slug }} className={button({ tone: 'solid' })}>
              View Print
            </Link>
          ) : (
            <button type="button" className={button({ tone: 'solid' })} disabled>
              Unavailable
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
