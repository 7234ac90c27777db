import { imageSource } from '@/lib/pocketbase/files';
import type { ExhibitionsRecord } from '@/lib/pocketbase/types.gen';
import { Image } from '@/ui/image/Image';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import * as styles from './Exhibition.css';
import { ExhibitionSignup } from './ExhibitionSignup';

function formatDate(value: string): string {
  if (!value) return '';
  const d = new Date(value.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Stockholm',
  }).format(d);
}

export function ExhibitionView({ exhibition }: { exhibition: ExhibitionsRecord }) {
  const image = imageSource(exhibition, exhibition.image, 1600);
  const opens = formatDate(exhibition.opens_at);
  const closes = formatDate(exhibition.closes_at);
  const where = [exhibition.venue, exhibition.city].filter(Boolean).join(', ');
  return (
    <div className={styles.page}>
      {image ? (
        <Image
          src={image.src}
          srcSet={image.srcSet}
          webpSrcSet={image.webpSrcSet}
          sizes="(max-width: 767px) 100vw, 50vw"
          alt={exhibition.image_alt || ''}
          width={1600}
          height={1067}
          priority
          className={styles.image}
        />
      ) : (
        <div />
      )}
      <div className={styles.body}>
        {exhibition.artists ? <p className={styles.meta}>{exhibition.artists}</p> : null}
        <h1 className={styles.title}>{exhibition.title}</h1>
        <p className={styles.meta}>
          {[where, opens && closes ? `${opens} – ${closes}` : opens].filter(Boolean).join(' · ')}
        </p>
        {exhibition.description ? <p className={styles.text}>{exhibition.description}</p> : null}
        <div>
          <ExhibitionSignup exhibitionSlug={exhibition.slug} />
          <PrivacyNote>We send a confirmation email first; unsubscribe any time.</PrivacyNote>
        </div>
      </div>
    </div>
  );
}
