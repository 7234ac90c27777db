import { sanitizeHtml } from '@/lib/html/sanitize';
import type { PagesRecord } from '@/lib/pocketbase/types.gen';
import * as styles from './ContentPage.css';

/** A page from the `pages` collection: title and sanitized body. */
export function ContentPage({ page }: { page: PagesRecord }) {
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{page.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML passes the allow-list sanitizer first */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: sanitizeHtml(page.body) }} />
    </article>
  );
}
