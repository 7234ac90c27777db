import { type FormEvent, useId } from 'react';
import { visuallyHidden } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { isValidEmail } from '../model/email';
import * as styles from './NewsletterForm.css';

export type NewsletterSource = 'footer' | 'home';

interface NewsletterFormProps {
  source: NewsletterSource;
  /** Dark for the footer, light on page backgrounds. */
  tone?: 'light' | 'dark';
  /** Accessible name of the form. */
  label: string;
  describedBy?: string;
}

/**
 * Email + Subscribe. Checks the address (SPEC §5); sending it to the server comes with the
 * newsletter issue (subscribe-newsletter with consent, via the outbox).
 */
export function NewsletterForm({ source, tone = 'light', label, describedBy }: NewsletterFormProps) {
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    if (!isValidEmail(email)) {
      toast({ title: 'Invalid email', description: 'Please enter a valid email address.' });
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      aria-label={label}
      aria-describedby={describedBy}
      // The footer field is a browser-level required email field (SPEC §5); the home form
      // reports problems through the toast only.
      noValidate={source !== 'footer'}
      data-source={source}
    >
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
        className={styles.field[tone]}
      />
      <button type="submit" className={button({ tone: tone === 'dark' ? 'inverse' : 'solid' })}>
        Subscribe
      </button>
    </form>
  );
}
