import { preload } from 'react-dom';
import { imageSource } from '@/lib/pocketbase/files';
import type { SiteSettingsRecord } from '@/lib/pocketbase/types.gen';

export const HERO_SIZES = '(min-width: 1216px) 1216px, 100vw';

export const heroSource = (settings: SiteSettingsRecord) => imageSource(settings, settings.hero_image, 1600);

/**
 * Starts the hero (LCP) image download as soon as the settings are known, before the page
 * renders. Same srcset and sizes as the <img>, so the browser reuses the response.
 */
export function preloadHeroImage(settings: SiteSettingsRecord | null | undefined) {
  const hero = settings ? heroSource(settings) : undefined;
  if (hero) preload(hero.src, { as: 'image', imageSrcSet: hero.srcSet, imageSizes: HERO_SIZES, fetchPriority: 'high' });
}
