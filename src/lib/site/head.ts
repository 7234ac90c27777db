import { FALLBACK_SITE_NAME } from '@/lib/contract/contract.gen';

/** "{page title} | {artist name}", or "{artist name} — Contemporary Artist" without one. */
export function documentTitle(pageTitle: string | undefined, artistName: string): string {
  const name = artistName.trim() || FALLBACK_SITE_NAME;
  const page = pageTitle?.trim();
  return page ? `${page} | ${name}` : `${name} — Contemporary Artist`;
}

/** A site path made absolute on the public origin (share images must be absolute URLs). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(pathOrUrl) || !origin) return pathOrUrl;
  return `${origin.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;
}

/** Canonical URL: the public origin plus the current path (no query, no hash). */
export function canonicalUrl(origin: string, pathname: string): string {
  const base = origin.replace(/\/+$/, '');
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `${base}${path}`;
}
