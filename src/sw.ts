/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { Collections } from './lib/contract/contract.gen';
import { registerOfflineMediaRoutes } from './sw/offline-media';
import { keepPreviousBuild } from './sw/previous-build';

declare let self: ServiceWorkerGlobalScope;

// The update prompt asks the waiting worker to take over (src/app/pwa/UpdatePrompt.tsx).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The app shell: JS, CSS, index.html, SVGs, fonts, plus the manifest and its icons.
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();
// Tabs still on the previous build keep loading its chunks after this worker takes over.
keepPreviousBuild(manifest);
// Control the page on its very first visit, so it works offline without a reload.
clientsClaim();

// Downloaded course videos and files, before the SPA navigation route so that
// opening an /offline-media/ URL in a tab plays the copy.
registerOfflineMediaRoutes();

// Every app URL is the SPA: answer navigations with the precached index.html. PocketBase's
// API and admin UI stay on the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // Paths with a file extension (robots.txt, sw.js, icons) are files, never app routes.
    denylist: [/^\/api\//, /^\/_\//, /^\/_$/, /^\/verify(\/|$)/, /\/[^/]+\.[a-z0-9]+$/i],
  }),
);

// The certificates of a buyer's order page (/order/$token): the PDF under the order's own link,
// kept once fetched so the page's downloads work offline like the page. A certificate's file
// never changes (a refund voids it on the page and at /verify, not in the file).
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/api\/atelier\/order\/[a-z0-9]{15}-[0-9a-f]{32}\/certificates\/[0-9A-Z]{12}$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'order-certificates',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 100 })],
  }),
);

/**
 * Collections whose files are public content. Image URLs name the collection (not its id;
 * see src/lib/pocketbase/files.ts), so only these are cached. Protected files (chapter
 * videos, anything with a file token) never enter the shared cache.
 */
const PUBLIC_FILE_COLLECTIONS = new Set<string>([
  Collections.SiteSettings,
  Collections.Artworks,
  Collections.NewsPosts,
  Collections.Prints,
  Collections.Courses,
  Collections.Exhibitions,
  Collections.Pages,
]);

function isPublicContentImage(url: URL, request: Request): boolean {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  if (url.searchParams.has('token')) return false;
  if (request.headers.has('range')) return false;
  const match = /^\/api\/files\/([^/]+)\/[^/]+\/[^/]+$/.exec(url.pathname);
  return match !== null && PUBLIC_FILE_COLLECTIONS.has(decodeURIComponent(match[1]!));
}

registerRoute(
  ({ url, request }) => isPublicContentImage(url, request),
  new CacheFirst({
    cacheName: 'pb-public-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      // File names change when the artist replaces an image, so old entries only age out.
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
