import { Link, useLocation } from '@tanstack/react-router';
import { useOnlineStatus } from '@/lib/offline/online';
import { useAuth } from '@/lib/pocketbase/session';
import * as styles from './SessionNotice.css';

/**
 * On the signed-in pages, once the session has ended and a connection is there: everything
 * on the device keeps working, and signing in again syncs what waits. Offline there is
 * nothing to do about it yet, so nothing is said.
 */
export function SessionNotice() {
  const auth = useAuth();
  const online = useOnlineStatus();
  const location = useLocation();
  if (auth.status !== 'expired' || !online) return null;
  return (
    <p className={styles.notice} role="status" data-testid="session-notice">
      Your session has ended. Your courses and progress stay on this device; sign in again to sync them.{' '}
      <Link to="/auth" search={{ redirect: location.href }} className={styles.link}>
        Sign in again
      </Link>
    </p>
  );
}
