import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser is idle. The service worker registers only
 * then: its install downloads the whole precache, which would otherwise compete with the
 * first page's hero image for bandwidth.
 */
export function useAfterLoad(timeoutMs = 4000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let idleHandle: number | undefined;
    const whenIdle = () => {
      if (cancelled) return;
      if (typeof window.requestIdleCallback === 'function')
        idleHandle = window.requestIdleCallback(() => setReady(true), { timeout: timeoutMs });
      else idleHandle = window.setTimeout(() => setReady(true), 1000);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
      if (idleHandle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
        else window.clearTimeout(idleHandle);
      }
    };
  }, [timeoutMs]);
  return ready;
}
