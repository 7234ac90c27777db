import { preload } from 'react-dom';
import { imageSource } from '@/lib/pocketbase/files';
import type { SiteSettingsRecord } from '@/lib/pocketbase/types.gen';

export const HERO_SIZES = '(min-width: 1216px) 1216px, 100vw';

export const heroSource = (settings: SiteSettingsRecord) => imageSource(settings, settings.hero_image, 1600);

/**
 * Starts the hero (LCP) image download as soon as the settings are known, before the page
 * renders. Same srcset and sizes as the picture's first source the browser takes (the WebP
 * copies, with their type, else the JPEG thumbs), so the browser reuses the response.
 */
export function preloadHeroImage(settings: SiteSettingsRecord | null | undefined) {
  const hero = settings ? heroSource(settings) : undefined;
  if (!hero) return;
  const common = { as: 'image', imageSizes: HERO_SIZES, fetchPriority: 'high' } as const;
  if (hero.webpSrcSet) {
    const first = hero.webpSrcSet.split(' ')[0] ?? hero.src;
    preload(first, { ...common, imageSrcSet: hero.webpSrcSet, type: 'image/webp' });
  } else preload(hero.src, { ...common, imageSrcSet: hero.srcSet });
}
