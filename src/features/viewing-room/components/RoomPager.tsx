import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { RoomWork } from '../api/works';
import * as styles from './ViewingRoom.css';

/** Keys typed into a field, or while a dialog (the zoom view) is open, are not for paging. */
function pagingKey(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return false;
  return !document.querySelector('[role="dialog"]');
}

/**
 * Paging through the room's works (the order the artist set): previous and next with their
 * titles and "Work n of N", and the ← → keys. The address names the work shown, so a work
 * can be shared and the back button steps back through what was seen.
 */
export function RoomPager({ works, index }: { works: readonly RoomWork[]; index: number }) {
  const navigate = useNavigate();
  const prev = works[index - 1];
  const next = works[index + 1];

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const to = event.key === 'ArrowLeft' ? prev : event.key === 'ArrowRight' ? next : undefined;
      if (!to || !pagingKey(event)) return;
      event.preventDefault();
      void navigate({ to: '/viewing-room', search: { artwork: to.slug } });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [prev, next, navigate]);

  if (works.length < 2) return null;
  return (
    <nav className={styles.pager} aria-label="Works in the viewing room">
      {prev ? (
        <Link to="/viewing-room" search={{ artwork: prev.slug }} className={styles.pagerLink} rel="prev">
          <span aria-hidden="true">←</span> <span className={styles.pagerLabel}>Previous work:</span> {prev.title}
        </Link>
      ) : (
        <span />
      )}
      <p className={styles.pagerCount} aria-live="polite">
        Work {index + 1} of {works.length}
      </p>
      {next ? (
        <Link to="/viewing-room" search={{ artwork: next.slug }} className={styles.pagerLink} rel="next">
          <span className={styles.pagerLabel}>Next work:</span> {next.title} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
