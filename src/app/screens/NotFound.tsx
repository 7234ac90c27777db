import { Link } from '@tanstack/react-router';
import { button } from '@/ui/button/button.css';
import { PageHead } from '@/ui/page-head/PageHead';
import * as styles from './Screen.css';

/** Unknown routes: "404 / Oops! Page not found" with a link home. */
export function NotFound() {
  return (
    <section className={styles.screen} aria-labelledby="not-found-title">
      <PageHead title="Page not found" />
      <div className={styles.inner}>
        <h1 id="not-found-title" className={styles.code}>
          404
        </h1>
        <p className={styles.heading}>Oops! Page not found</p>
        <Link to="/" className={button({ tone: 'outline' })}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}
