import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { env } from '@/lib/env';
import { useSiteSettings } from '@/lib/site/site-settings';
import { DEFAULT_DESCRIPTION, FALLBACK_SITE_NAME } from '@/lib/contract/contract.gen';
import { absoluteUrl, canonicalUrl, documentTitle } from '@/lib/site/head';
import { markPageRendered } from '@/lib/ssr/page-rendered';

export interface PageHeadProps {
  /** Page title; the template adds the artist name. Omit for the default title. */
  title?: string;
  description?: string;
  /** A share image (a site path or an absolute URL). */
  image?: string;
  /** A private page (an order link): kept out of search engines. */
  noindex?: boolean;
}

/**
 * The page's head: title, description, canonical and share tags. Routes render exactly one
 * per page; React 19 hoists these tags into <head> and removes them when the page unmounts.
 */
export function PageHead({ title, description, image, noindex = false }: PageHeadProps) {
  const settings = useSiteSettings();
  const name = settings?.artist_name || FALLBACK_SITE_NAME;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const fullTitle = documentTitle(title, name);
  const desc = description?.trim() || DEFAULT_DESCRIPTION;
  const url = canonicalUrl(env.siteUrl, pathname);
  const shareImage = image ? absoluteUrl(env.siteUrl, image) : undefined;
  // one PageHead per page: once it has mounted, the page (hydrated in its own Suspense
  // boundary, after the layout) handles events (src/start.tsx waits for it)
  useEffect(markPageRendered, []);

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      <meta name="author" content={name} />
      <meta name="robots" content={noindex ? 'noindex, nofollow' : 'index, follow'} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={name} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={url} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={desc} />
      {shareImage ? <meta property="og:image" content={shareImage} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={desc} />
      {shareImage ? <meta name="twitter:image" content={shareImage} /> : null}
    </>
  );
}
