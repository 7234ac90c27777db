import { type FormEvent, useState } from 'react';
import { subscribeNewsletter } from '@/lib/forms/submit';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { button } from '@/ui/button/button.css';
import { TextField } from '@/ui/field/Field';
import { toast } from '@/ui/toast/toast-store';
import { grantRoomAccess, rememberedVisitor } from '../model/access';
import * as styles from './ViewingRoom.css';

interface EntryFormProps {
  artworkTitle: string;
  artworkSlug: string;
  onUnlocked: () => void;
}

/**
 * The viewing-room gate (SPEC §2, §5, §8): first name, last name and email. The room unlocks
 * as soon as the sign-up is accepted (change 7); the newsletter itself still needs the
 * confirmation in the email.
 */
export function EntryForm({ artworkTitle, artworkSlug, onUnlocked }: EntryFormProps) {
  const [values, setValues] = useState(rememberedVisitor);
  const [sending, setSending] = useState(false);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    const email = values.email.trim();
    if (!firstName || !lastName || !email) {
      toast({ title: 'Failed to submit', description: 'Please fill in your first name, last name and email.', destructive: true });
      return;
    }
    setSending(true);
    try {
      const outcome = await subscribeNewsletter({ email, source: 'viewing-room', context: artworkTitle, name: `${firstName} ${lastName}`, artworkSlug });
      grantRoomAccess({ firstName, lastName });
      rememberNewsletterEmail(email);
      toast(
        outcome.status === 'queued'
          ? { title: 'Access granted', description: 'You are offline: the room is unlocked and we will email you the details once you are back online.' }
          : { title: 'Access granted', description: "We've emailed you details and unlocked the room." },
      );
      onUnlocked();
    } catch (err) {
      toast({ title: 'Failed to submit', description: (err instanceof Error && err.message) || 'Please try again.', destructive: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Viewing room entry">
      <div className={styles.row}>
        <TextField label="First name" name="firstName" autoComplete="given-name" required maxLength={100} value={values.firstName} onChange={set('firstName')} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" required maxLength={100} value={values.lastName} onChange={set('lastName')} />
      </div>
      <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} value={values.email} onChange={set('email')} />
      <p className={styles.consent}>
        By entering you agree to receive the viewing room details by email. We will also ask you to confirm whether you want occasional news; you can unsubscribe from any email with one click.
      </p>
      <div>
        <button type="submit" className={button()} disabled={sending} aria-busy={sending}>
          {sending ? 'Entering…' : 'Enter Viewing Room'}
        </button>
      </div>
    </form>
  );
}
