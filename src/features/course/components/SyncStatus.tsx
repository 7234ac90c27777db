import { Link } from '@tanstack/react-router';
import { useOnlineStatus } from '@/lib/offline/online';
import { useAuth } from '@/lib/pocketbase/session';
import { button } from '@/ui/button/button.css';
import { discardProgressWrite, retryProgressWrites, useProgressRows } from '../api/sync-rows';
import { SYNC_CHIP_TEXT, syncChipState } from '../model/sync-state';
import * as styles from './SyncStatus.css';

const TONE = { ok: 'ok', local: 'local', syncing: 'local', auth: 'local', error: 'error' } as const;

/** A refused write, named for the learner: the task's title, or the chapter's progress. */
function describe(payload: unknown): string {
  const record = (payload as { record?: { task_title?: unknown; task_identifier?: unknown } } | undefined)?.record;
  if (typeof record?.task_title === 'string' && record.task_title) return `Task “${record.task_title}”`;
  if (typeof record?.task_identifier === 'string') return `Task ${record.task_identifier}`;
  return 'Chapter progress';
}

/**
 * Whether this learner's progress is only on this device or saved to their account. A write
 * the server refused is listed with its reason, to send again or discard.
 */
export function SyncStatus({ userId }: { userId: string }) {
  const rows = useProgressRows(userId);
  const online = useOnlineStatus();
  const auth = useAuth();
  // Until the device database has answered, the chip says nothing: a live region that said
  // "synced" first would be announced while writes are still queued.
  if (!rows)
    return (
      <div
        className={styles.status.neutral}
        role="status"
        aria-live="polite"
        data-testid="sync-status"
        data-state="reading"
      >
        <span className={styles.dot.neutral} aria-hidden="true" />
      </div>
    );
  const state = syncChipState(rows, { online, sessionLive: auth.status !== 'expired' });
  const refused = rows.filter((r) => r.status === 'failed');
  const tone = TONE[state];
  return (
    <div className={styles.status[tone]} role="status" aria-live="polite" data-testid="sync-status" data-state={state}>
      <span className={styles.dot[tone]} aria-hidden="true" />
      {state === 'error' ? (
        <details className={styles.details}>
          <summary>
            {refused.length === 1 ? 'A change could not be saved' : `${refused.length} changes could not be saved`}
          </summary>
          <ul className={styles.list}>
            {refused.map((r) => (
              <li key={r.id} className={styles.item}>
                <span>
                  {describe(r.payload)}: {r.lastError ?? 'refused by the server'}
                </span>
                <button
                  type="button"
                  className={button({ tone: 'ghost', size: 'sm' })}
                  onClick={() => void discardProgressWrite(r.id)}
                >
                  Discard
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={button({ tone: 'ghost', size: 'sm' })}
            onClick={() => void retryProgressWrites(userId)}
          >
            Try again
          </button>
        </details>
      ) : (
        <span>{SYNC_CHIP_TEXT[state]}</span>
      )}
      {state === 'auth' ? (
        <Link
          to="/auth"
          search={{ redirect: `${window.location.pathname}${window.location.search}` }}
          className={button({ tone: 'ghost', size: 'sm' })}
        >
          Sign in
        </Link>
      ) : null}
    </div>
  );
}
