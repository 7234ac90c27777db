import type { ReactNode } from 'react';
import { fileUrl } from '@/lib/pocketbase/files';
import { useSiteSettings } from '@/lib/site/site-settings';
import { container } from '@/styles/utils.css';
import { PageHead } from '@/ui/page-head/PageHead';
import { Hero } from './Hero';
import * as styles from './HomePage.css';

/** The home page: the hero, then the sections other features give it (the route composes them). */
export function HomePage({ children }: { children: ReactNode }) {
  const settings = useSiteSettings();
  return (
    <>
      <PageHead image={settings ? fileUrl(settings, settings.hero_image, 1600) : undefined} />
      <Hero settings={settings} />
      <div className={`${container} ${styles.sections}`}>{children}</div>
    </>
  );
}
