import { useId } from 'react';
import { CONSENT_TEXT_VERSIONS, FORM_LIMITS } from '@/lib/contract/contract.gen';
import { FORM_ACTIONS, subscribeNewsletter } from '@/lib/forms/submit';
import { visuallyHidden } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { HiddenFields } from '@/ui/form/HiddenFields';
import { FORM_NOTICES } from '@/ui/form/notices';
import { useEmailSignUp } from '@/ui/form/use-email-sign-up';
import * as styles from './Drop.css';

/** Notify-me sign-up before the release: an empty value is silently ignored. */
export function NotifyForm({ dropSlug }: { dropSlug: string }) {
  const id = useId();
  const errorId = useId();
  const { formRef, onSubmit, sending, error } = useEmailSignUp({
    send: (email) => subscribeNewsletter({ email, source: 'print-drop', dropSlug }),
    check: (email) => (email ? undefined : 'ignore'),
    notices: FORM_NOTICES['print-drop'],
  });

  return (
    <form
      ref={formRef}
      method="post"
      action={FORM_ACTIONS.newsletter}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Notify me at release"
    >
      <HiddenFields values={{ source: 'print-drop', consentVersion: CONSENT_TEXT_VERSIONS['print-drop'], dropSlug }} />
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
