import { useId } from 'react';
import { CONSENT_TEXT_VERSIONS, FORM_LIMITS } from '@/lib/contract/contract.gen';
import { FORM_ACTIONS, subscribeNewsletter } from '@/lib/forms/submit';
import { visuallyHidden } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { HiddenFields } from '@/ui/form/HiddenFields';
import { FORM_NOTICES } from '@/ui/form/notices';
import { useEmailSignUp } from '@/ui/form/use-email-sign-up';
import { isValidEmail } from '../model/email';
import * as styles from './NewsletterForm.css';

type NewsletterSource = 'footer' | 'home';

interface NewsletterFormProps {
  source: NewsletterSource;
  /** Dark for the footer, light on page backgrounds. */
  tone?: 'light' | 'dark';
  /** Accessible name of the form. */
  label: string;
  describedBy?: string;
}

/**
 * Email + Subscribe: checks the address, sends subscribe-newsletter (double opt-in, consent
 * recorded on the server), clears the field and remembers the email. Before the app has
 * started (or without JavaScript) the browser posts the form itself and shows the result page.
 */
export function NewsletterForm({ source, tone = 'light', label, describedBy }: NewsletterFormProps) {
  const inputId = useId();
  const errorId = useId();
  const { formRef, onSubmit, sending, error } = useEmailSignUp({
    send: (email) => subscribeNewsletter({ email, source }),
    check: (email) =>
      isValidEmail(email)
        ? undefined
        : { notice: { title: 'Invalid email', description: 'Please enter a valid email address.' } },
    notices: FORM_NOTICES[source],
  });

  return (
    <form
      ref={formRef}
      method="post"
      action={FORM_ACTIONS.newsletter}
      className={styles.form}
      onSubmit={onSubmit}
      aria-label={label}
      aria-describedby={describedBy}
      // The footer field is a browser-level required email field; the home form reports
      // problems through the toast only.
      noValidate={source !== 'footer'}
      data-source={source}
    >
      <HiddenFields values={{ source, consentVersion: CONSENT_TEXT_VERSIONS[source] }} />
      <label htmlFor={inputId} className={visuallyHidden}>
        Email address
      </label>
      <input
        id={inputId}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="Your email"
        required={source === 'footer'}
        maxLength={FORM_LIMITS.email}
        className={styles.field[tone]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <button
        type="submit"
        className={button({ tone: tone === 'dark' ? 'inverse' : 'solid' })}
        // aria-disabled, not disabled: a disabled button drops the focus it has to the page's top
        aria-disabled={sending}
        aria-busy={sending}
      >
        {sending ? 'Subscribing…' : 'Subscribe'}
      </button>
      {error ? (
        <p id={errorId} className={styles.error[tone]}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
