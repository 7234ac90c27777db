import { useId, useState } from 'react';
import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { CONFIRM_FROM_INBOX } from '@/lib/forms/confirm-notice';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { subscribeNewsletter } from '@/lib/forms/submit';
import { visuallyHidden } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import * as styles from './Drop.css';

/** Notify-me sign-up before the release: an empty value is silently ignored. */
export function NotifyForm({ dropSlug }: { dropSlug: string }) {
  const id = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const { submit, sending, fieldErrors } = useFormSubmit({
    send: (value: string) => subscribeNewsletter({ email: value, source: 'print-drop', dropSlug }),
    check: (value) => (value ? undefined : 'ignore'),
    notices: {
      sent: {
        title: 'Subscribed',
        description: `${CONFIRM_FROM_INBOX} The newsletter will tell you about the release.`,
      },
      failed: { title: 'Subscription failed', description: 'Please try again shortly.', reason: true },
    },
    onDone: (value) => {
      setEmail('');
      rememberNewsletterEmail(value);
    },
  });
  const error = fieldErrors.email;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        submit(email.trim());
      }}
      noValidate
      aria-label="Notify me at release"
    >
      <label htmlFor={id} className={visuallyHidden}>
        Email address
      </label>
      <input
        id={id}
        className={styles.input}
        type="email"
        name="email"
        autoComplete="email"
        placeholder="Your email"
        maxLength={FORM_LIMITS.email}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <button type="submit" className={button()} aria-disabled={sending} aria-busy={sending}>
        {sending ? 'Signing up…' : 'Notify Me'}
      </button>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
