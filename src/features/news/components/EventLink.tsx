import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useNow } from '@/lib/ssr/use-now';
import { type EventPhase, eventPhase, exhibitionDates, formatDay, recordDate } from '@/lib/time/event-phase';
import type { NewsPostWithEvents } from '../api/news';
import * as styles from './News.css';

function Card({ kind, title, state, children }: { kind: string; title: string; state: string; children: ReactNode }) {
  return (
    <aside className={styles.event} aria-label={`${kind}: ${title}`} data-testid="news-event">
      <p className={styles.eventKind}>{kind}</p>
      <p className={styles.eventTitle}>{title}</p>
      <p className={styles.eventState}>{state}</p>
      {children}
    </aside>
  );
}

const EXHIBITION_STATE: Record<EventPhase, (opens: string, closes: string) => string> = {
  upcoming: (opens) => `Opens ${opens}`,
  on: (_opens, closes) => (closes ? `On view until ${closes}` : 'On view now'),
  ended: (_opens, closes) => `Closed ${closes}`,
};

const DROP_STATE: Record<EventPhase, (release: string, ends: string) => string> = {
  upcoming: (release) => `Releases ${release}`,
  on: (_release, ends) => (ends ? `On now, until ${ends}` : 'On now'),
  ended: (_release, ends) => `Ended ${ends}`,
};

/**
 * The exhibition or print drop a post is about, linked, with where it stands now (from its
 * record's dates): a post written before the event does not leave a visitor thinking it is ahead.
 */
export function EventLink({ post }: { post: NewsPostWithEvents }) {
  const now = useNow(0);
  const exhibition = post.expand?.exhibition_id;
  const drop = post.expand?.drop_id;
  if (exhibition) {
    const { opens, closes } = exhibitionDates(exhibition);
    const phase = eventPhase(now, opens, closes);
    const shownClose = recordDate(exhibition.closes_at) ?? closes;
    const state = EXHIBITION_STATE[phase](opens ? formatDay(opens) : '', shownClose ? formatDay(shownClose) : '');
    return (
      <Card kind="Exhibition" title={exhibition.title} state={state}>
        <Link to="/exhibitions/$slug" params={{ slug: exhibition.slug }} className={styles.eventLink}>
          About the exhibition
        </Link>
      </Card>
    );
  }
  if (drop) {
    const release = recordDate(drop.release_at);
    const ends = recordDate(drop.ends_at);
    const phase = eventPhase(now, release, ends);
    const state = DROP_STATE[phase](release ? formatDay(release) : '', ends ? formatDay(ends) : '');
    return (
      <Card kind="Print drop" title={drop.title} state={state}>
        <Link to="/drop/$slug" params={{ slug: drop.slug }} className={styles.eventLink}>
          The drop page
        </Link>
      </Card>
    );
  }
  return null;
}
