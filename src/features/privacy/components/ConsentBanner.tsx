import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { button } from '@/ui/button/button.css';
import { reserveBottom } from '@/ui/overlay/reserve-bottom';
import {
  analyticsConfigQueryOptions,
  analyticsScriptLoaded,
  loadAnalyticsScript,
  recordConsent,
} from '../api/analytics';
import { type ConsentChoice, markRecorded, readConsent, type StoredConsent, writeConsent } from '../model/consent';
import { usePrivacyChoices } from '../store';
import * as styles from './ConsentBanner.css';

function record(value: StoredConsent) {
  recordConsent(value)
    .then(() => markRecorded(value))
    // not recorded now (offline, server busy): sent again on the next visit
    .catch(() => undefined);
}

/**
 * Asks before the analytics script loads, when one is configured on the server: shown until
 * the visitor answers, and again from "Privacy choices" in the footer. The script loads only
 * while the answer is "Accept"; taking it back reloads the page, so no loaded script stays.
 * It comes first in the tab order after the skip link (SiteLayout) and never hides what has
 * focus: the page keeps room for it at its end and scrolls focus clear of it (reserveBottom).
 */
export function ConsentBanner() {
  const config = useQuery(analyticsConfigQueryOptions());
  const scriptUrl = config.data?.scriptUrl ?? null;
  const [consent, setConsent] = useState(readConsent);
  const { open, hide } = usePrivacyChoices();
  const titleId = useId();

  useEffect(() => {
    if (!scriptUrl || !consent) return;
    if (!consent.recorded) record(consent);
    if (consent.choice === 'accepted') loadAnalyticsScript(scriptUrl);
  }, [scriptUrl, consent]);

  if (!scriptUrl || (consent && !open)) return null;

  const answer = (choice: ConsentChoice) => {
    const value = writeConsent(choice);
    hide();
    if (choice === 'refused' && analyticsScriptLoaded()) {
      recordConsent(value)
        .then(() => markRecorded(value))
        .catch(() => undefined)
        .finally(() => window.location.reload());
      return;
    }
    setConsent(value);
  };

  return (
    <section ref={reserveBottom} className={styles.banner} aria-labelledby={titleId} data-testid="consent-banner">
      <h2 id={titleId} className={styles.title}>
        Privacy choices
      </h2>
      <p className={styles.text}>
        May this site use a visitor statistics script (heatmaps and session recordings) to learn how its pages are used?
        It loads only if you accept. You can change your answer at any time under “Privacy choices” at the bottom of the
        page.
      </p>
      <div className={styles.actions}>
        <button type="button" className={button({ tone: 'solid', size: 'sm' })} onClick={() => answer('accepted')}>
          Accept
        </button>
        <button type="button" className={button({ tone: 'outline', size: 'sm' })} onClick={() => answer('refused')}>
          Decline
        </button>
      </div>
    </section>
  );
}

/** The footer's "Privacy choices" link: only when there is a choice to make. */
export function PrivacyChoicesButton({ className }: { className?: string }) {
  const config = useQuery(analyticsConfigQueryOptions());
  const show = usePrivacyChoices((s) => s.show);
  if (!config.data?.scriptUrl) return null;
  return (
    <button type="button" className={className} onClick={show}>
      Privacy choices
    </button>
  );
}
