import { useId } from 'react';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import { NewsletterForm } from './NewsletterForm';
import * as styles from './StayConnected.css';

/** The home page's newsletter section: "Stay Connected" with the sign-up form. */
export function StayConnected() {
  const connectTextId = useId();
  return (
    <section id="stay-connected" className={styles.connect} aria-labelledby="stay-connected-title">
      <div>
        <h2 id="stay-connected-title" className={styles.connectTitle}>
          Stay Connected
        </h2>
        <p id={connectTextId} className={styles.connectText}>
          Occasional letters from the studio: new works, exhibitions and print releases.
        </p>
      </div>
      <div>
        <NewsletterForm source="home" label="Stay Connected newsletter sign-up" describedBy={connectTextId} />
        <PrivacyNote>We send a confirmation email first; unsubscribe any time.</PrivacyNote>
      </div>
    </section>
  );
}
