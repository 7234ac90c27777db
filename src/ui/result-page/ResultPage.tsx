import type { ReactNode } from 'react';
import { container, eyebrow } from '@/styles/utils.css';
import * as styles from './ResultPage.css';

export interface ResultPageProps {
  /** A word above the heading naming what this is about ("Newsletter", "Contact"). */
  label?: string;
  title: string;
  message?: string;
  /** Lines to act on (what to correct), shown as a list. */
  problems?: string[];
  /** A quiet note under the message. */
  note?: string;
  /** Links or buttons. */
  children?: ReactNode;
}

/**
 * A page that says what happened (a form sent, a payment's state): rendered by the server in
 * the site's layout, so it reads the same with or without the app.
 */
export function ResultPage({ label, title, message, problems, note, children }: ResultPageProps) {
  return (
    <div className={container}>
      <div className={styles.page}>
        {label ? <p className={eyebrow}>{label}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {message ? <p className={styles.message}>{message}</p> : null}
        {problems?.length ? (
          <ul className={styles.list}>
            {problems.map((p) => (
              <li key={p} className={styles.problem}>
                {p}
              </li>
            ))}
          </ul>
        ) : null}
        {note ? <p className={styles.note}>{note}</p> : null}
        {children ? <div className={styles.actions}>{children}</div> : null}
      </div>
    </div>
  );
}
