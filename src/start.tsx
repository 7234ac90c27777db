import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type AppProps } from '@/App';
import { appReady } from '@/app/early-presses';
import { startFormOutbox } from '@/app/form-outbox';
import { installPreloadRecovery } from '@/app/pwa/preload-recovery';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/router';
import { exchangeRatesQueryOptions, keepServerRates } from '@/features/shop/api/exchange-rates';
import { formatPrice } from '@/features/shop/model/currency';
import { useCartStore } from '@/features/shop/store';
import { mirrorOnFirstLoad } from '@/lib/offline/mirrored-query';
import { FRAME_ATTRIBUTE } from '@/lib/ssr/page-frame';
import { pageRendered } from '@/lib/ssr/page-rendered';
import { readServerState } from '@/lib/ssr/state';
import { formatDay } from '@/lib/time/event-phase';
import { whenIdle } from '@/lib/time/when-idle';

/** Starts the app: hydrates a server-rendered page, or renders the app shell. */
export function startApp() {
  // The served head carries per-page defaults for clients without JavaScript; the pages render
  // their own head (PageHead), so drop the defaults to avoid duplicates.
  for (const node of document.head.querySelectorAll('[data-default-head]')) node.remove();

  installPreloadRecovery();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  const serverState = readServerState(document);
  if (serverState && root.firstElementChild) void hydrateServerPage(root, serverState);
  else void renderApp(root);
}

/**
 * The app rendered in the browser: over the app shell (the service worker's copy) at once, or
 * over the server's frame of a page it does not render (lib/ssr/page-frame.ts). The frame's
 * page is loaded first and rendered in its place in one commit, so the top bar the visitor sees
 * does not blink out (React empties the container when it first commits, and the router
 * renders nothing until the layout's data is read); a page whose loading waits on the network
 * (a session check on a hanging link) is rendered after FRAME_WAIT_MS all the same, to show its
 * own progress. Presses kept meanwhile land on the app's own controls (early-presses.ts).
 */
async function renderApp(container: HTMLElement) {
  startFormOutbox();
  void useCartStore.persist.rehydrate();
  let loaded: Pick<AppProps, 'queryClient' | 'router'> = {};
  if (container.hasAttribute(FRAME_ATTRIBUTE)) {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient);
    await Promise.race([router.load().catch(() => undefined), new Promise((r) => setTimeout(r, FRAME_WAIT_MS))]);
    container.removeAttribute(FRAME_ATTRIBUTE);
    loaded = { queryClient, router };
  }
  createRoot(container).render(
    <StrictMode>
      <App {...loaded} onMounted={appReady} />
    </StrictMode>,
  );
  markStarted();
}

/**
 * A server-rendered page (a first visit): fill the cache with what the server rendered, let the
 * router load (its loaders find the data cached; route chunks load), then hydrate the HTML as
 * it is. The same data is written to the device on its first load, so this page opens offline
 * later like any other visited page.
 */
async function hydrateServerPage(container: HTMLElement, state: DehydratedState) {
  const queryClient = createQueryClient();
  hydrate(queryClient, state);
  mirrorOnFirstLoad(state.queries.map((q) => q.queryHash));
  // forms queued offline on an earlier visit go out once the page is idle (after the device
  // database has opened): the outbox reads it
  whenIdle(startFormOutbox);
  keepServerRates(queryClient.getQueryData(exchangeRatesQueryOptions().queryKey));
  // each step in a task of its own: together they were one long task on a slow phone
  await nextTask();
  // The first Intl object loads ICU's data (~60 ms on a 4x slower phone): made here, the
  // formatters the page renders with are kept (lib/intl), and hydration only uses them.
  formatPrice(0, useCartStore.getState().currency);
  formatDay(new Date(0));
  await nextTask();
  const router = createAppRouter(queryClient);
  await nextTask();
  await router.load();
  await nextTask();
  // The server renders the route matches without the root Suspense boundary a browser-only
  // render adds; this flag makes the browser build the same tree (TanStack Start sets it too).
  router.ssr = { manifest: undefined };
  // As a transition React hydrates in slices it yields between, instead of one long task that
  // held a slow phone's main thread for ~250 ms (Lighthouse TBT).
  markStarted();
  // The visitor's cart (and a currency stored before the server could know it) may differ
  // from the HTML: changing them while React still
  // hydrates would make it throw parts of the server's DOM away and build them again. So they
  // are restored once the page is hydrated too (the layout commits first, the page in its own
  // Suspense boundary after it), and only then do presses kept by the boot script happen (an
  // "Add to Cart" before the restore would be overwritten by it).
  const hydrated = () =>
    void pageRendered(PAGE_WAIT_MS).then(() =>
      setTimeout(() => void useCartStore.persist.rehydrate().then(appReady, appReady), 0),
    );
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient} router={router} onMounted={hydrated} syncWhenIdle />
      </StrictMode>,
    );
  });
}

/**
 * The app handles events from here on (React replays those that reach a part it has not
 * hydrated yet); until then the boot script keeps rendered forms from submitting natively.
 */
function markStarted() {
  document.documentElement.setAttribute('data-app', 'started');
}

/** How long the server's frame stands while the page it frames loads (renderApp). */
const FRAME_WAIT_MS = 1500;

/** How long the layout waits for the page it holds to hydrate (a page without a head). */
const PAGE_WAIT_MS = 3000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
