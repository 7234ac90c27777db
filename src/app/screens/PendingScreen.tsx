import * as styles from './Screen.css';

/** Shown when a route takes a while to load (first visit on a slow network). */
export function PendingScreen() {
  return (
    <div className={styles.pending} role="status" aria-live="polite">
      <div className={styles.inner}>
        <span className={styles.spinner} aria-hidden="true" />
        <p className={styles.muted}>Loading…</p>
      </div>
    </div>
  );
}
