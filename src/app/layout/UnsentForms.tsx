import { discardUnsentForm, useUnsentForms } from '@/lib/forms/unsent';
import { button } from '@/ui/button/button.css';
import * as styles from './UnsentForms.css';

const WHAT = { contact: 'Your message', newsletter: 'Your newsletter sign-up' } as const;

/** Forms written offline that the server refused: on every page until the visitor lets them go. */
export function UnsentForms() {
  const unsent = useUnsentForms();
  if (unsent.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="unsent-title">
      <h2 id="unsent-title" className={styles.title}>
        Not sent
      </h2>
      <ul className={styles.list}>
        {unsent.map((u) => (
          <li key={u.id} className={styles.item}>
            <p>
              {WHAT[u.op]} could not be sent: {u.reason}
            </p>
            {u.summary ? <blockquote className={styles.quote}>{u.summary}</blockquote> : null}
            <button
              type="button"
              className={button({ tone: 'ghost', size: 'sm' })}
              onClick={() => void discardUnsentForm(u.id)}
            >
              Discard
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
