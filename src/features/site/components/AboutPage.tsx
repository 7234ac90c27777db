import { useId } from 'react';
import { useSiteSettings } from '@/lib/site/site-settings';
import { sanitizeHtml } from '@/lib/html/sanitize';
import { imageSource } from '@/lib/pocketbase/files';
import { container, eyebrow } from '@/styles/utils.css';
import { Image } from '@/ui/image/Image';
import { PageHead } from '@/ui/page-head/PageHead';
import * as styles from './AboutPage.css';

interface CvEntry {
  year: string | number;
  text: string;
}

function entries(value: unknown): CvEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is CvEntry => !!e && typeof e === 'object' && 'text' in e)
    .map((e) => ({ year: e.year ?? '', text: String(e.text) }));
}

function CvSection({ title, items }: { title: string; items: CvEntry[] }) {
  const id = useId();
  if (!items.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.cvHeading}>
        {title}
      </h2>
      <ul className={styles.cvList}>
        {items.map((e) => (
          <li key={`${e.year}-${e.text}`} className={styles.cvItem}>
            <span className={styles.year}>{e.year}</span>
            <span>{e.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /about: portrait, biography and CV (education, select exhibitions) from site settings. */
export function AboutPage() {
  const settings = useSiteSettings();
  const portrait = settings ? imageSource(settings, settings.portrait) : undefined;
  const name = settings?.artist_name ?? '';
  return (
    <div className={`${container} ${styles.page}`}>
      <PageHead title="About" description={settings?.tagline || undefined} />
      <div className={styles.intro}>
        {portrait ? (
          <Image
            src={portrait.src}
            srcSet={portrait.srcSet}
            webpSrcSet={portrait.webpSrcSet}
            sizes="(max-width: 767px) 100vw, 40vw"
            alt={settings?.portrait_alt || `Portrait of ${name}`}
            width={800}
            height={1000}
            priority
            className={styles.portrait}
          />
        ) : (
          <div />
        )}
        <div>
          <p className={eyebrow}>About</p>
          <h1 className={styles.title}>{name || 'About'}</h1>
          {/* biography is artist-edited rich text: rendered only after the allow-list sanitizer */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized above */}
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: sanitizeHtml(settings?.bio) }} />
        </div>
      </div>
      <div className={styles.cv}>
        <CvSection title="Education" items={entries(settings?.education)} />
        <CvSection title="Select Exhibitions" items={entries(settings?.exhibitions)} />
      </div>
    </div>
  );
}
