// Renders one URL of the app to HTML in the server renderer (renderer/render-server.ts): the same
// router, loaders, query options and components as the browser, with no window, no IndexedDB
// and PocketBase reached by PB_URL. The browser hydrates the result with the dehydrated
// query state, so it neither fetches again nor renders anything different.
import { defaultShouldDehydrateQuery, dehydrate, type Query } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from '@/App';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/router';
import { exchangeRatesQueryOptions, ratesWorthSending } from '@/features/shop/api/exchange-rates';
import { isCurrency } from '@/features/shop/model/currency';
import { useCartStore } from '@/features/shop/store';
import { pb } from '@/lib/pocketbase/client';
import { PageFrameContext } from '@/lib/ssr/page-frame';
import { RENDER_TIME_KEY } from '@/lib/ssr/render-time';
import { serializeState } from '@/lib/ssr/state';

/** A data request that takes longer fails the render: the page is then served as the shell. */
const DATA_TIMEOUT_MS = 3000;
/** How long a render waits for reads a loader started without awaiting them (exchange rates). */
const SETTLE_MS = 1000;

pb.beforeSend = (url, options) => ({
  url,
  options: { ...options, signal: options.signal ?? AbortSignal.timeout(DATA_TIMEOUT_MS) },
});

export type RenderResult =
  | {
      kind: 'page';
      /** 200, or 404 for a page that does not exist (rendered as the app's not-found page). */
      status: number;
      /** Resource hints for <head> (the LCP image's preload). */
      head: string;
      /** The markup of #root. */
      html: string;
      /** The dehydrated query state, safe to put inside a <script type="application/json">. */
      state: string;
      /** The ids of the routes the page is made of (the renderer adds their chunks to the page). */
      routes: string[];
    }
  /** The app sends this URL elsewhere; the browser app does that from the shell. */
  | { kind: 'redirect'; location: string }
  /** A loader failed (PocketBase unreachable, a timeout): not worth rendering or caching. */
  | { kind: 'error'; message: string };

// renderToString puts the tags React hoists (PageHead's title and meta, image preloads)
// before the tree. The served head comes from the hooks (lib/pages/seo.js) and the client renders
// its own, so only the preloads are kept, and the tree starts after them.
const HOISTED = /^(?:<title\b[^>]*>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)*/;
const PRELOAD = /<link\b[^>]*\brel="preload"[^>]*>/g;

function splitHoisted(markup: string): { head: string; html: string } {
  const lead = HOISTED.exec(markup)?.[0] ?? '';
  return { head: (lead.match(PRELOAD) ?? []).join(''), html: markup.slice(lead.length) };
}

function redirectTarget(router: unknown): string {
  const result = (router as { _serverResult?: { redirect?: { headers?: Headers } } })._serverResult;
  return result?.redirect?.headers?.get('Location') ?? '';
}

/**
 * Waits for the reads loaders start in the background, so their data is in the page and its
 * state: else the browser would fetch it again right after hydrating.
 */
async function settle(queryClient: ReturnType<typeof createQueryClient>) {
  const until = Date.now() + SETTLE_MS;
  while (queryClient.isFetching() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
}

const RATES_KEY = exchangeRatesQueryOptions().queryKey[0];

/** The queries the page's state carries: what the markup shows, but never stand-in rates. */
function shouldSend(query: Query): boolean {
  if (!defaultShouldDehydrateQuery(query)) return false;
  return query.queryKey[0] !== RATES_KEY || ratesWorthSending(query.state.data);
}

/**
 * Renders `url` with its prices in `currency` (the visitor's, chosen by the server; else EUR).
 * `frame`: only the site's frame around a loading line (lib/ssr/page-frame.ts); its status
 * and state are the URL's, and the server keeps neither.
 */
export async function render(url: string, currency: string | null = null, frame = false): Promise<RenderResult> {
  const queryClient = createQueryClient();
  // A failed read fails the render at once; the browser retries from the shell.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(RENDER_TIME_KEY, Date.now());
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  try {
    await router.load();
    await settle(queryClient);
    const { matches } = router.state;
    // A redirect (a beforeLoad's, or to the canonical form of the URL) commits no matches.
    if (matches.length === 0) return { kind: 'redirect', location: redirectTarget(router) };
    const failed = matches.find((m) => m.status === 'error');
    if (failed) return { kind: 'error', message: `${failed.routeId}: ${String(failed.error)}` };
    // A loader may let a read fail and leave the page to show it (offline, in the browser); on
    // the server that would store a page of skeletons: the shell is served instead, uncached.
    const unread = queryClient
      .getQueryCache()
      .findAll({ predicate: (q) => q.state.status === 'error' && q.queryKey[0] !== RATES_KEY });
    if (unread.length) {
      const status = (unread[0]?.state.error as { status?: number } | null)?.status ?? 0;
      console.warn(`[render] ${url}: a read failed (${unread[0]?.queryHash}): ${String(unread[0]?.state.error)}`);
      return { kind: 'error', message: `data not read (${status}): ${unread[0]?.queryHash}` };
    }
    const notFound = matches.some((m) => m.status === 'notFound' || m._notFound);
    // renders run one after another between awaits: the store holds this render's currency
    // for exactly the synchronous renderToString below
    useCartStore.setState({ currency: isCurrency(currency) ? currency : 'eur' });
    const markup = renderToString(
      <PageFrameContext.Provider value={frame}>
        <App queryClient={queryClient} router={router} />
      </PageFrameContext.Provider>,
    );
    // taken right after rendering, so the state is exactly what the markup shows
    const state = serializeState(dehydrate(queryClient, { shouldDehydrateQuery: shouldSend }));
    const routes = matches.map((m) => m.routeId as string);
    return { kind: 'page', status: notFound ? 404 : 200, ...splitHoisted(markup), state, routes };
  } finally {
    // drops the cache and its timers, so nothing of this render outlives it
    queryClient.clear();
  }
}
