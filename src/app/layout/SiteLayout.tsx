import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useContext } from 'react';
import { ConsentBanner } from '@/features/privacy/components/ConsentBanner';
import { PageFrameContext } from '@/lib/ssr/page-frame';
import { OfflineBanner } from '@/ui/offline-banner/OfflineBanner';
import { Toaster } from '@/ui/toast/Toaster';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { PendingScreen } from '../screens/PendingScreen';
import { useAfterLoad } from '../pwa/useAfterLoad';
import { Footer } from './Footer';
import { RouteFocus } from './RouteFocus';
import { ScrollToTop } from './ScrollToTop';
import * as styles from './SiteLayout.css';
import { TopBar } from './TopBar';
import { UnsentForms } from './UnsentForms';

/**
 * The public site shell. The top bar and the footer are Suspense boundaries of their own, like
 * the page the router renders between them: React hydrates a server-rendered page one boundary
 * per commit, yielding between them, instead of one long task for the whole page.
 */
export function SiteLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // the server's frame of a page it does not render: the page and its footer come with the app
  const frame = useContext(PageFrameContext);
  const showFooter = !frame && !pathname.startsWith('/viewing-room');
  // the service worker, the consent question and the device database's reads wait for the
  // page's load and an idle moment
  const afterLoad = useAfterLoad();

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      {/* asks only when the server names an analytics script; after load, like the service worker;
          first in the tab order after the skip link (it sits fixed at the bottom) */}
      {afterLoad ? <ConsentBanner /> : null}
      <Suspense fallback={null}>
        <TopBar />
      </Suspense>
      <OfflineBanner />
      {/* forms the server refused after an offline visit: read from the device database, which
          opens (on a first visit: is created) once the page is idle */}
      {afterLoad ? <UnsentForms /> : null}
      <main id="main" className={styles.main} tabIndex={-1}>
        {frame ? <PendingScreen /> : <Outlet />}
      </main>
      {showFooter ? (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      ) : null}
      {afterLoad ? <UpdatePrompt /> : null}
      <Toaster />
      <ScrollToTop />
      <RouteFocus />
    </div>
  );
}
