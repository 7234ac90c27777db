import { useOnlineStatus } from '@/lib/offline/online';
import * as styles from './OfflineBanner.css';

/** A small notice while the browser is offline; saved pages keep working underneath. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className={styles.banner} data-testid="offline-banner">
          <span className={styles.dot} aria-hidden="true" />
          You are offline. Pages you have visited are still available.
        </p>
      )}
    </div>
  );
}
