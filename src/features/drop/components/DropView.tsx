import { Link } from '@tanstack/react-router';
import { imageSource } from '@/lib/pocketbase/files';
import { useNow } from '@/lib/ssr/use-now';
import { copiesLeft, useLiveStock } from '@/lib/stock/live-stock';
import { eventPhase } from '@/lib/time/event-phase';
import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import type { DropWithPrint } from '../api/drop';
import { dropTitle, formatRelease, timeLeft } from '../model/countdown';
import { Countdown } from './Countdown';
import * as styles from './Drop.css';
import { NotifyForm } from './NotifyForm';

/** After the drop: what became of the edition, by the live count of copies left. */
function Ended({ drop, ends, copies }: { drop: DropWithPrint; ends: Date; copies: number }) {
  const print = drop.expand?.print_id;
  const forSale = !!print && print.is_active && copies > 0;
  return (
    <>
      <p className={styles.live} role="status" data-testid="drop-state">
        This drop has ended.
      </p>
      <p className={styles.text}>It closed on {formatRelease(ends)}.</p>
      {forSale && print ? (
        <>
          <p className={styles.text}>The copies of {print.title} that are left are in the shop.</p>
          <div>
            <Link to="/print-view" search={{ print: print.slug }} className={button({ tone: 'outline' })}>
              View Print
            </Link>
          </div>
        </>
      ) : (
        <div>
          <Link to="/print-editions" className={button({ tone: 'outline' })}>
            See the print editions
          </Link>
        </div>
      )}
    </>
  );
}

/**
 * Before release: countdown + notify-me; from the release: the live message, the copies left
 * and "Buy Print"; after the drop's end (its record's ends_at): that it has ended.
 */
export function DropView({ drop, release, ends }: { drop: DropWithPrint; release: Date; ends: Date | null }) {
  // ticks until the release, then until the end: the page changes by itself at both
  const now = useNow(Math.max(release.getTime(), ends?.getTime() ?? 0));
  const phase = eventPhase(now, release, ends);
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
        {phase === 'ended' && ends ? (
          <Ended drop={drop} ends={ends} copies={copies} />
        ) : phase === 'on' ? (
          <>
            <p className={styles.live} role="status" data-testid="drop-state">
              The drop is live! The edition is now available.
            </p>
            {ends ? <p className={styles.text}>Until {formatRelease(ends)}.</p> : null}
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
