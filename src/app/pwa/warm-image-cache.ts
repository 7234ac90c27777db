/** Resolves when `sw` reaches "activated" (messages to a worker still activating can be lost). */
function activated(sw: ServiceWorker): Promise<void> {
  if (sw.state === 'activated') return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (sw.state === 'activated' || sw.state === 'redundant') {
        sw.removeEventListener('statechange', onChange);
        resolve();
      }
    };
    sw.addEventListener('statechange', onChange);
  });
}

/**
 * The service worker registers after the first page has loaded, so that page's images went
 * to the network without it. Hand their URLs to the worker (Workbox's CACHE_URLS message):
 * it runs them through its routes, and public content images land in the image cache, so
 * the page also looks right offline. Resolves when the worker has processed them.
 */
export async function warmImageCache(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const sw = (await navigator.serviceWorker.ready).active;
  if (!sw) return;
  await activated(sw);
  // Collected only now: everything requested before the worker took control, including
  // images still downloading (they are in the DOM but not yet in the resource timeline).
  const candidates = [
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ...Array.from(document.images, (img) => img.currentSrc || img.src),
  ];
  const urls = [
    ...new Set(candidates.filter((url) => url && new URL(url, location.href).pathname.startsWith('/api/files/'))),
  ];
  if (urls.length === 0) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(resolve, 15_000);
    channel.port1.onmessage = () => {
      window.clearTimeout(timer);
      resolve();
    };
    sw.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }, [channel.port2]);
  });
}
