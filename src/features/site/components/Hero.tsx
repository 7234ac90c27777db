import { Link } from '@tanstack/react-router';
import type { SiteSettingsRecord } from '@/lib/pocketbase/types.gen';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { HERO_SIZES, heroSource } from '../api/hero-image';
import { DEFAULT_DESCRIPTION, FALLBACK_SITE_NAME } from '@/lib/contract/contract.gen';
import * as styles from './Hero.css';

/** Home hero: the artist's name, a line about the work, and the hero image (the page's LCP). */
export function Hero({ settings }: { settings: SiteSettingsRecord | null }) {
  const name = settings?.artist_name || FALLBACK_SITE_NAME;
  const hero = settings ? heroSource(settings) : undefined;

  return (
    <section className={`${container} ${styles.hero}`} aria-labelledby="hero-title">
      <div className={styles.intro}>
        <div>
          <p className={eyebrow}>Contemporary artist · {settings?.location || 'Stockholm, Sweden'}</p>
          <h1 id="hero-title" className={styles.name}>
            {name}
          </h1>
        </div>
        <div>
          <p className={styles.tagline}>{settings?.tagline || DEFAULT_DESCRIPTION}</p>
          <div className={styles.ctas}>
            <Link to="/artworks" className={button({ tone: 'solid' })}>
              View artworks
            </Link>
          </div>
        </div>
      </div>
      {hero ? (
        <figure className={styles.figure}>
          <Image
            src={hero.src}
            srcSet={hero.srcSet}
            webpSrcSet={hero.webpSrcSet}
            sizes={HERO_SIZES}
            alt={settings?.hero_image_alt ?? ''}
            width={1920}
            height={1080}
            priority
            className={styles.image}
          />
        </figure>
      ) : null}
    </section>
  );
}
