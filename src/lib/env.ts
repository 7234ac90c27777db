/// <reference types="vite/client" />
// Public configuration, read once at boot. Only VITE_* values reach the browser.

/** The public site origin used for canonical URLs; defaults to the origin serving the app. */
function readSiteUrl(): string {
  const fromEnv = import.meta.env.VITE_SITE_URL as string | undefined;
  // the server renderer has no window: it is told the public origin
  const fromServer = import.meta.env.SSR
    ? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SITE_URL
    : undefined;
  const raw = fromEnv?.trim() || fromServer?.trim() || (typeof window !== 'undefined' ? window.location.origin : '');
  return raw.replace(/\/+$/, '');
}

export const env = {
  siteUrl: readSiteUrl(),
} as const;
