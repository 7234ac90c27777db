import { type FormEvent, useState } from 'react';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { subscribeNewsletter } from '@/lib/forms/submit';
import { button } from '@/ui/button/button.css';
import { TextField } from '@/ui/field/Field';
import { toast } from '@/ui/toast/toast-store';
import * as styles from './Exhibition.css';

/** Exhibition sign-up (SPEC §5, §8): email required, name optional. */
export function ExhibitionSignup({ exhibitionTitle }: { exhibitionTitle: string }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!email.trim()) {
      setError('Please enter your email address');
      toast({ title: 'Please enter your email address', destructive: true });
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const outcome = await subscribeNewsletter({ email: email.trim(), name: name.trim() || undefined, source: 'exhibition', context: exhibitionTitle });
      rememberNewsletterEmail(email);
      setEmail('');
      setName('');
      toast(
        outcome.status === 'queued'
          ? { title: 'Saved offline', description: 'You are offline. We will sign you up as soon as you are back online.' }
          : { title: 'Success!' },
      );
    } catch {
      toast({ title: 'Error', description: 'Something went wrong. Please try again.', destructive: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="exhibition-signup-title">
      <h2 id="exhibition-signup-title" className={styles.formTitle}>
        Get the invitation
      </h2>
      <TextField label="Name" optional name="name" autoComplete="name" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      <TextField label="Email" name="email" type="email" autoComplete="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} error={error} aria-required="true" />
      <div>
        <button type="submit" className={button()} disabled={sending} aria-busy={sending}>
          {sending ? 'Signing up…' : 'Sign Up'}
        </button>
      </div>
    </form>
  );
}
