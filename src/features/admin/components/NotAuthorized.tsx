import { Link } from '@tanstack/react-router';
import { button } from '@/ui/button/button.css';
import * as styles from './AdminVideos.css';

/** Shown to signed-in users without the admin role (the API refuses them too). */
export function NotAuthorized({ email }: { email?: string }) {
  return (
    <section className={`${styles.page} ${styles.centered}`} aria-labelledby="not-authorized-title">
      <h1 id="not-authorized-title" className={styles.title}>
        Not authorized
      </h1>
      <p>
        This page is only for the site's administrators.
        {email ? ` You are signed in as ${email}, which is not an admin account.` : ''}
      </p>
      <Link to="/" className={button({ tone: 'outline' })}>
        Return to Home
      </Link>
    </section>
  );
}
