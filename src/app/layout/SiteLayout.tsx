import { Outlet, useRouterState } from '@tanstack/react-router';
import { ConsentBanner } from '@/features/privacy/components/ConsentBanner';
import { OfflineBanner } from '@/ui/offline-banner/OfflineBanner';
import { Toaster } from '@/ui/toast/Toaster';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { useAfterLoad } from '../pwa/useAfterLoad';
import { Footer } from './Footer';
import { RouteFocus } from './RouteFocus';
import { ScrollToTop } from './ScrollToTop';
import * as styles from './SiteLayout.css';
import { TopBar } from './TopBar';
import { UnsentForms } from './UnsentForms';

/** The public site shell. */
export function SiteLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const showFooter = !pathname.startsWith('/viewing-room');
  const registerServiceWorker = useAfterLoad();

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      {/* asks only when the server names an analytics script; after load, like the service worker;
          first in the tab order after the skip link (it sits fixed at the bottom) */}
      {registerServiceWorker ? <ConsentBanner /> : null}
      <TopBar />
      <OfflineBanner />
      <UnsentForms />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      {showFooter ? <Footer /> : null}
      {registerServiceWorker ? <UpdatePrompt /> : null}
      <Toaster />
      <ScrollToTop />
      <RouteFocus />
    </div>
  );
}
