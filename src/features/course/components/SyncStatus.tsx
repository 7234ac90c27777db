import { useOnlineStatus } from '@/lib/offline/online';
import { outbox, useOutboxStatus } from '@/lib/offline/outbox-runtime';
import { button } from '@/ui/button/button.css';
import * as styles from './SyncStatus.css';

/** Whether the learner's progress is only on this device or saved to their account. */
export function SyncStatus() {
  const s = useOutboxStatus();
  const online = useOnlineStatus();
  let text = 'Progress synced';
  let tone: 'ok' | 'local' | 'error' = 'ok';
  if (s.failed > 0) {
    text = `Some progress could not be saved: ${s.lastError ?? 'rejected by the server'}`;
    tone = 'error';
  } else if (s.pending > 0) {
    text = online ? 'Saving progress…' : 'Progress saved on this device; it syncs when you are back online';
    tone = 'local';
  }
  return (
    <p className={styles.status[tone]} role="status" aria-live="polite" data-testid="sync-status" data-state={tone}>
      <span className={styles.dot[tone]} aria-hidden="true" />
      {text}
      {tone === 'error' ? (
        <button
          type="button"
          className={button({ tone: 'ghost', size: 'sm' })}
          onClick={() => void outbox.retryFailed()}
        >
          Try again
        </button>
      ) : null}
    </p>
  );
}
