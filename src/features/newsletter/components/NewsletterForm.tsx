import { type FormEvent, useId, useState } from 'react';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { subscribeNewsletter } from '@/lib/forms/submit';
import { visuallyHidden } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { isValidEmail } from '../model/email';
import { QUEUED_TOAST } from '../model/messages';
import * as styles from './NewsletterForm.css';

export type NewsletterSource = 'footer' | 'home';

const CONTEXT: Record<NewsletterSource, string> = { footer: 'Footer', home: 'Home' };

interface NewsletterFormProps {
  source: NewsletterSource;
  /** Dark for the footer, light on page backgrounds. */
  tone?: 'light' | 'dark';
  /** Accessible name of the form. */
  label: string;
  describedBy?: string;
}

/**
 * Email + Subscribe (SPEC §4, §5, §8): checks the address, sends subscribe-newsletter
 * (double opt-in, consent recorded on the server), clears the field and remembers the email.
 * Offline, the sign-up waits in the outbox and the toast says so.
 */
export function NewsletterForm({ source, tone = 'light', label, describedBy }: NewsletterFormProps) {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const value = email.trim();
    if (!isValidEmail(value)) {
      toast({ title: 'Invalid email', description: 'Please enter a valid email address.' });
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await subscribeNewsletter({ email: value, source, context: CONTEXT[source] });
      setEmail('');
      rememberNewsletterEmail(value);
      toast(outcome.status === 'queued' ? QUEUED_TOAST : { title: 'Subscribed', description: 'Thanks! You will receive occasional updates.' });
    } catch {
      toast({ title: 'Subscription failed', description: 'Please try again in a moment.', destructive: true });
    } finally {
      setSubmitting(false);
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
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className={styles.field[tone]}
      />
      <button type="submit" className={button({ tone: tone === 'dark' ? 'inverse' : 'solid' })} disabled={submitting} aria-busy={submitting}>
        {submitting ? 'Subscribing…' : 'Subscribe'}
      </button>
    </form>
  );
}
