import { Link } from '@tanstack/react-router';
import { imageSource } from '@/lib/pocketbase/files';
import { copiesLeft, useLiveStock } from '@/lib/stock/live-stock';
import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import type { DropWithPrint } from '../api/drop';
import { dropTitle, formatRelease, timeLeft } from '../model/countdown';
import { Countdown } from './Countdown';
import * as styles from './Drop.css';
import { NotifyForm } from './NotifyForm';
import { useNow } from './useNow';

/** Before release: countdown + notify-me; after: the live message and "Buy Print". */
export function DropView({ drop, release }: { drop: DropWithPrint; release: Date }) {
  const now = useNow(release.getTime());
  const left = timeLeft(now, release);
  const print = drop.expand?.print_id;
  const image = print ? imageSource(print, print.main_image) : undefined;
  const live = useLiveStock();
  const copies = print ? copiesLeft(live, print) : 0;

  return (
    <div className={styles.page}>
      {image && print ? (
        <Image
          src={image.src}
          srcSet={image.srcSet}
          webpSrcSet={image.webpSrcSet}
          sizes="(max-width: 767px) 100vw, 50vw"
          alt={print.main_image_alt || print.title}
          width={800}
          height={1000}
          priority
          className={styles.image}
        />
      ) : (
        <div />
      )}
      <div className={styles.body}>
        <h1 className={styles.title}>{dropTitle(drop.title)}</h1>
        {drop.description ? <p className={styles.text}>{drop.description}</p> : null}
        <p className={styles.release}>Release: {formatRelease(release)}</p>
        {left.ended ? (
          <>
            <p className={styles.live} role="status">
              The drop is live! The edition is now available.
            </p>
            {print ? (
              <div className={styles.buy}>
                <p className={styles.count} data-testid="edition-count" aria-live="polite">
                  {copies > 0 ? `${copies} of ${print.edition_size} left` : 'Sold out'}
                </p>
                {copies > 0 ? (
                  <Link to="/print-view" search={{ print: print.slug }} className={button()}>
                    Buy Print
                  </Link>
                ) : (
                  <button type="button" className={button()} disabled>
                    Buy Print
                  </button>
                )}
              </div>
            ) : null}
          </>
        ) : (
          <>
            <Countdown left={left} />
            <div>
              <NotifyForm dropSlug={drop.slug} />
              <PrivacyNote>We send a confirmation email first; unsubscribe any time.</PrivacyNote>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
