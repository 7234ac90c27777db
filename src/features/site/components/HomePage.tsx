import { useId } from 'react';
import { NewsletterForm } from '@/features/newsletter/components/NewsletterForm';
import { RecentWorks } from '@/features/portfolio/components/RecentWorks';
import { PrintTeaser } from '@/features/shop/components/PrintTeaser';
import { useSiteSettings } from '@/lib/site/site-settings';
import { Hero } from '@/features/site/components/Hero';
import { PageHead } from '@/ui/page-head/PageHead';
import { fileUrl } from '@/lib/pocketbase/files';
import { container } from '@/styles/utils.css';
import * as styles from './HomePage.css';

export function HomePage() {
  const settings = useSiteSettings();
  const connectTextId = useId();

  return (
    <>
      <PageHead image={settings ? fileUrl(settings, settings.hero_image, 1600) : undefined} />
      <Hero settings={settings} />
      <div className={`${container} ${styles.sections}`}>
        <RecentWorks />
        <PrintTeaser />
        <section className={styles.connect} aria-labelledby="stay-connected-title">
          <div>
            <h2 id="stay-connected-title" className={styles.connectTitle}>
              Stay Connected
            </h2>
            <p id={connectTextId} className={styles.connectText}>
              Occasional letters from the studio: new works, exhibitions and print releases.
            </p>
          </div>
          <NewsletterForm source="home" label="Stay Connected newsletter sign-up" describedBy={connectTextId} />
        </section>
      </div>
    </>
  );
}
