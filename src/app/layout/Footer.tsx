import { Link, useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { NewsletterForm } from '@/features/newsletter/components/NewsletterForm';
import { PrivacyChoicesButton } from '@/features/privacy/components/ConsentBanner';
import { useSiteSettings } from '@/lib/site/site-settings';
import { yearInStockholm } from '@/lib/time/stockholm';
import { FALLBACK_SITE_NAME } from '@/lib/contract/contract.gen';
import { visuallyHidden } from '@/styles/utils.css';
import { LegalLink } from '@/ui/legal/LegalLinks';
import * as styles from './Footer.css';
import { EXPLORE_NAV } from './nav-links';

const displayHost = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** Site footer: name, Explore, Newsletter, Contact; copyright below. */
export function Footer() {
  const settings = useSiteSettings();
  // The home page has its own sign-up ("Stay Connected") right above: one form is enough there.
  const onHome = useRouterState({ select: (s) => s.location.pathname }) === '/';
  const name = settings?.artist_name || FALLBACK_SITE_NAME;
  const newsletterTextId = useId();
  // the artist's year, not the device's: the server renderer and the browser write the same
  const year = yearInStockholm();
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <section aria-label="Artist">
          <p className={styles.name}>{name}</p>
          {settings?.tagline ? <p className={styles.tagline}>{settings.tagline}</p> : null}
        </section>

        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className={styles.heading}>
            Explore
          </h2>
          <ul className={styles.list}>
            {EXPLORE_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={styles.link}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className={styles.heading}>
            Newsletter
          </h2>
          <p id={newsletterTextId} className={styles.text}>
            Get updates on exhibitions and print editions.
          </p>
          {onHome ? (
            <a href="#stay-connected" className={styles.link}>
              Sign up above
            </a>
          ) : (
            <>
              <NewsletterForm source="footer" tone="dark" label="Newsletter sign-up" describedBy={newsletterTextId} />
              <p className={styles.note}>
                We send a confirmation email first; unsubscribe any time.{' '}
                <LegalLink page="privacy" className={styles.noteLink} />
              </p>
            </>
          )}
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact
          </h2>
          <ul className={styles.list}>
            <li className={styles.link}>{settings?.location || 'Stockholm, Sweden'}</li>
            <li>
              <Link to="/contact" className={styles.link}>
                Contact form
              </Link>
            </li>
            {settings?.instagram_url ? (
              <li>
                <a href={settings.instagram_url} className={styles.link} {...external}>
                  Instagram<span className={visuallyHidden}> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {settings?.youtube_url ? (
              <li>
                <a href={settings.youtube_url} className={styles.link} {...external}>
                  YouTube<span className={visuallyHidden}> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            <li>
              <Link to="/whispering-game" className={styles.link}>
                Learn: The Whispering Game
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <div className={styles.bottom}>
        <p>
          © {year} {name}
        </p>
        <ul className={styles.legal} aria-label="Legal">
          <li>
            <LegalLink page="privacy" className={styles.bottomLink} />
          </li>
          <li>
            <LegalLink page="terms" className={styles.bottomLink} />
          </li>
        </ul>
        <PrivacyChoicesButton className={styles.bottomButton} />
        {settings?.artist_site_url ? (
          <p>
            <a href={settings.artist_site_url} className={styles.bottomLink} {...external}>
              {displayHost(settings.artist_site_url)}
              <span className={visuallyHidden}> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
      </div>
    </footer>
  );
}
