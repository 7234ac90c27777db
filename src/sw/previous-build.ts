/// <reference lib="webworker" />
// Tabs still running the previous build must keep loading its chunks after a new worker takes
// over: the new worker's precache drops the old files, and the server may no longer have them.
// On install, before the old precache is cleaned up, the previous build's hashed assets are
// copied to a cache of their own; /assets/ requests the precache does not answer come from
// there (or the network). Entries expire after a week, when no tab should still run that build.
import { CacheExpiration } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope;

const PREVIOUS_ASSETS = 'atelier-previous-assets';
const expiration = () => new CacheExpiration(PREVIOUS_ASSETS, { maxAgeSeconds: 7 * 24 * 60 * 60, maxEntries: 600 });

const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

async function keepPreviousAssets(current: ReadonlySet<string>) {
  const keep = await caches.open(PREVIOUS_ASSETS);
  const expiry = expiration();
  for (const name of await caches.keys()) {
    if (!name.startsWith('workbox-precache')) continue;
    const precache = await caches.open(name);
    for (const request of await precache.keys()) {
      const url = new URL(request.url);
      if (!isAsset(url) || current.has(url.pathname) || (await keep.match(url.pathname))) continue;
      const response = await precache.match(request);
      if (!response) continue;
      await keep.put(url.pathname, response);
      await expiry.updateTimestamp(url.pathname);
    }
  }
}

/** `manifest`: the precache manifest of this (the new) build. */
export function keepPreviousBuild(manifest: ReadonlyArray<string | { url: string }>) {
  const current = new Set(
    manifest.map((e) => new URL(typeof e === 'string' ? e : e.url, self.location.origin).pathname),
  );
  self.addEventListener('install', (event) => {
    event.waitUntil(keepPreviousAssets(current).catch(() => undefined));
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      expiration()
        .expireEntries()
        .catch(() => undefined),
    );
  });
  // After the precache route: only files of an earlier build get here.
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isAsset(url),
    async ({ request, url }) => {
      const kept = await (await caches.open(PREVIOUS_ASSETS)).match(url.pathname);
      return kept ?? fetch(request);
    },
  );
}
