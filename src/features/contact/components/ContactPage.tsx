import { ContactForm } from '@/features/contact/components/ContactForm';
import { useSiteSettings } from '@/lib/site/site-settings';
import { container, eyebrow, visuallyHidden } from '@/styles/utils.css';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import { PageHead } from '@/ui/page-head/PageHead';
import * as styles from './ContactPage.css';

/** /contact: the form, contact info and social links, all from the artist's site settings. */
export function ContactPage() {
  const settings = useSiteSettings();
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <div className={`${container} ${styles.page}`}>
      <PageHead
        title="Contact"
        description="Write to the studio: general, press and gallery inquiries. Studio in Stockholm, visits by appointment only."
      />
      <p className={eyebrow}>Get in touch</p>
      <h1 className={styles.title}>Contact</h1>
      <div className={styles.layout}>
        <div>
          <ContactForm />
          <PrivacyNote>We use what you send only to answer you.</PrivacyNote>
        </div>
        <aside className={styles.aside} aria-label="Contact information">
          <section>
            <h2 className={styles.heading}>Contact Info</h2>
            <ul className={styles.list}>
              {settings?.email ? (
                <li>
                  <a className={styles.link} href={`mailto:${settings.email}`}>
                    {settings.email}
                  </a>
                </li>
              ) : null}
              <li>{settings?.studio || 'Studio in Stockholm'}</li>
              <li>{settings?.location || 'Stockholm, Sweden'}</li>
              <li>{settings?.visits_note || 'Visits by appointment only'}</li>
            </ul>
          </section>
          {settings?.instagram_url || settings?.youtube_url ? (
            <section>
              <h2 className={styles.heading}>Follow</h2>
              <ul className={styles.list}>
                {settings.instagram_url ? (
                  <li>
                    <a className={styles.link} href={settings.instagram_url} {...external}>
                      Instagram<span className={visuallyHidden}> (opens in a new tab)</span>
                    </a>
                  </li>
                ) : null}
                {settings.youtube_url ? (
                  <li>
                    <a className={styles.link} href={settings.youtube_url} {...external}>
                      YouTube<span className={visuallyHidden}> (opens in a new tab)</span>
                    </a>
                  </li>
                ) : null}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
