import * as styles from './course.css';

/** A 0–100 bar with an accessible value. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v}
      aria-label={label}
    >
      <div className={styles.barFill} style={{ width: `${v}%` }} />
    </div>
  );
}
