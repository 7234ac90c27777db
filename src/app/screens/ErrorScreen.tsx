import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useOnlineStatus } from '@/lib/offline/online';
import { isNetworkError, isTransientError } from '@/lib/pocketbase/errors';
import { SessionExpiredError } from '@/lib/pocketbase/session';
import { button } from '@/ui/button/button.css';
import { PageHead } from '@/ui/page-head/PageHead';
import { useReloadingForUpdate } from '../pwa/preload-recovery';
import * as styles from './Screen.css';

function OfflineScreen({ retry }: { retry: () => void }) {
  const online = useOnlineStatus();
  const wasOnline = useRef(online);
  // Coming back online retries by itself (only on the offline → online change, never in a loop).
  useEffect(() => {
    if (online && !wasOnline.current) retry();
    wasOnline.current = online;
  }, [online, retry]);

  return (
    <section className={styles.screen} aria-labelledby="offline-title">
      <PageHead title="Offline" />
      <div className={styles.inner}>
        <h1 id="offline-title" className={styles.heading}>
          {online ? 'The site could not be reached' : 'This page is not saved for offline use yet'}
        </h1>
        <p className={styles.muted}>
          {online
            ? 'Please check your connection and try again in a moment.'
            : 'Pages you have visited before are available offline. This one will load as soon as you are back online.'}
        </p>
        <button type="button" className={button({ tone: 'outline' })} onClick={retry}>
          Try again
        </button>
      </div>
    </section>
  );
}

/** The router's fallback error screen, with a calmer variant for "offline, nothing saved". */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const updating = useReloadingForUpdate();
  const retry = () => {
    reset();
    void router.invalidate();
  };

  // another tab updated the site and this one's code is gone: it is reloading onto the new version
  if (updating)
    return (
      <section className={styles.screen} aria-live="polite" aria-busy="true">
        <div className={styles.inner}>
          <p className={styles.muted}>Loading the new version of the site…</p>
        </div>
      </section>
    );

  if (error instanceof SessionExpiredError)
    return (
      <section className={styles.screen} aria-labelledby="session-title">
        <PageHead title="Sign in again" />
        <div className={styles.inner}>
          <h1 id="session-title" className={styles.heading}>
            This page is not on this device
          </h1>
          <p className={styles.muted}>Your session has ended. Sign in again to open it.</p>
          <Link to="/auth" className={button({ tone: 'solid' })}>
            Sign in again
          </Link>
        </div>
      </section>
    );

  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (isNetworkError(error) || (offline && isTransientError(error))) return <OfflineScreen retry={retry} />;

  const message = error instanceof Error ? error.message : String(error);
  return (
    <section className={styles.screen} aria-labelledby="error-title" role="alert">
      <PageHead title="Error" />
      <div className={styles.inner}>
        <h1 id="error-title" className={styles.heading}>
          Unexpected Application Error!
        </h1>
        <pre className={styles.message}>{message || 'Unknown error'}</pre>
        <div>
          <button type="button" className={button({ tone: 'solid' })} onClick={retry}>
            Try again
          </button>{' '}
          <Link to="/" className={button({ tone: 'outline' })}>
            Go home
          </Link>
        </div>
      </div>
    </section>
  );
}
