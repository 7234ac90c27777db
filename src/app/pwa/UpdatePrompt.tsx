import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import * as styles from './UpdatePrompt.css';
import { warmImageCache } from './warm-image-cache';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/**
 * "A new version is available" + Reload. vite-plugin-pwa reloads on workbox's `controlling`
 * only when the page was already controlled at load; a first-install session that gets an
 * update would stay on the old version. So after Reload is pressed we
 * also reload on `controllerchange`. We never listen before that: clientsClaim() on the very
 * first install fires `controllerchange` too, and that must not reload the page.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      void warmImageCache().catch(() => undefined);
      window.setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error) {
      console.warn('[pwa] service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    toast({ title: 'Ready to work offline', description: 'Pages you visit are saved on this device.' });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh) return null;

  const reload = () => {
    navigator.serviceWorker?.addEventListener('controllerchange', reloadOnce);
    void updateServiceWorker(true);
  };

  return (
    <div className={styles.prompt} role="status" aria-live="polite" data-testid="update-prompt">
      <span>A new version is available</span>
      <button type="button" className={button({ tone: 'inverse', size: 'sm' })} onClick={reload}>
        Reload
      </button>
      <button type="button" className={styles.dismiss} onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}
