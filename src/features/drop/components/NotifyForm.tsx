import { type FormEvent, useId, useState } from 'react';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { subscribeNewsletter } from '@/lib/forms/submit';
import { visuallyHidden } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import * as styles from './Drop.css';

/** Notify-me sign-up before the release (SPEC §5, §8): an empty value is silently ignored. */
export function NotifyForm({ dropSlug }: { dropSlug: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || sending) return;
    setSending(true);
    try {
      const outcome = await subscribeNewsletter({ email: value, source: 'print-drop', context: dropSlug });
      setEmail('');
      rememberNewsletterEmail(value);
      toast(
        outcome.status === 'queued'
          ? { title: 'Saved offline', description: 'You are offline. We will sign you up as soon as you are back online.' }
          : { title: 'Subscribed', description: "You'll be notified at release." },
      );
    } catch (err) {
      toast({ title: 'Subscription failed', description: (err instanceof Error && err.message) || 'Please try again shortly.', destructive: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Notify me at release">
      <label htmlFor={id} className={visuallyHidden}>
        Email address
      </label>
      <input id={id} className={styles.input} type="email" name="email" autoComplete="email" placeholder="Your email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className={button()} disabled={sending} aria-busy={sending}>
        {sending ? 'Signing up…' : 'Notify Me'}
      </button>
    </form>
  );
}
