import { pad2, type TimeLeft } from '../model/countdown';
import * as styles from './Drop.css';

/** Days, hours, minutes, seconds. Announced once per minute, not every tick. */
export function Countdown({ left }: { left: TimeLeft }) {
  const units: [number, string][] = [
    [left.days, 'Days'],
    [left.hours, 'Hours'],
    [left.minutes, 'Minutes'],
    [left.seconds, 'Seconds'],
  ];
  return (
    <div>
      <p
        className={styles.release}
        aria-live="polite"
        aria-atomic="true"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {`${left.days} days, ${left.hours} hours and ${left.minutes} minutes left`}
      </p>
      <dl className={styles.countdown} data-testid="countdown">
        {units.map(([value, label]) => (
          <div key={label} className={styles.unit}>
            <dd className={styles.number} data-unit={label.toLowerCase()}>
              {pad2(value)}
            </dd>
            <dt className={styles.label}>{label}</dt>
          </div>
        ))}
      </dl>
    </div>
  );
}
