import { imageSource } from '@/lib/pocketbase/files';
import type { ExhibitionsRecord } from '@/lib/pocketbase/types.gen';
import { useNow } from '@/lib/ssr/use-now';
import { eventPhase, exhibitionDates, formatDay, recordDate } from '@/lib/time/event-phase';
import { Image } from '@/ui/image/Image';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import * as styles from './Exhibition.css';
import { ExhibitionSignup } from './ExhibitionSignup';

/**
 * An exhibition: before it opens, the invitation sign-up; while it is on, until when; after it
 * closed, that it did (dates from its record), with no sign-up for what has passed.
 */
export function ExhibitionView({ exhibition }: { exhibition: ExhibitionsRecord }) {
  const image = imageSource(exhibition, exhibition.image, 1600);
  const { opens, closes } = exhibitionDates(exhibition);
  const now = useNow(0);
  const phase = eventPhase(now, opens, closes);
  const shownClose = recordDate(exhibition.closes_at);
  const where = [exhibition.venue, exhibition.city].filter(Boolean).join(', ');
  const when = opens ? (shownClose ? `${formatDay(opens)} – ${formatDay(shownClose)}` : formatDay(opens)) : '';
  return (
    <div className={styles.page}>
      {image ? (
        <Image
          src={image.src}
          srcSet={image.srcSet}
          webpSrcSet={image.webpSrcSet}
          sizes="(max-width: 767px) 100vw, 50vw"
          alt={exhibition.image_alt || ''}
          width={1600}
          height={1067}
          priority
          className={styles.image}
        />
      ) : (
        <div />
      )}
      <div className={styles.body}>
        {exhibition.artists ? <p className={styles.meta}>{exhibition.artists}</p> : null}
        <h1 className={styles.title}>{exhibition.title}</h1>
        <p className={styles.meta}>{[where, when].filter(Boolean).join(' · ')}</p>
        {phase === 'ended' && closes ? (
          <p className={styles.state} data-testid="exhibition-state">
            This exhibition closed on {formatDay(shownClose ?? closes)}.
          </p>
        ) : phase === 'on' && closes ? (
          <p className={styles.state} data-testid="exhibition-state">
            On view now{shownClose ? `, until ${formatDay(shownClose)}` : ''}
            {where ? ` at ${where}` : ''}.
          </p>
        ) : null}
        {exhibition.description ? <p className={styles.text}>{exhibition.description}</p> : null}
        {phase === 'upcoming' ? (
          <div>
            <ExhibitionSignup exhibitionSlug={exhibition.slug} />
            <PrivacyNote>We send a confirmation email first; unsubscribe any time.</PrivacyNote>
          </div>
        ) : null}
      </div>
    </div>
  );
}
