import { type FormEvent, useState } from 'react';
import { sendContact } from '@/lib/forms/submit';
import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';
import { button } from '@/ui/button/button.css';
import { TextArea, TextField } from '@/ui/field/Field';
import { toast } from '@/ui/toast/toast-store';
import { rememberedVisitor } from '../model/access';
import { buildInquiry } from '../model/inquiry';
import * as styles from './ViewingRoom.css';

/** Inquiry about an is_inquirable artwork (SPEC §5, §7, §8), sent through send-contact. */
export function InquiryForm({ artwork }: { artwork: ArtworksRecord }) {
  const [values, setValues] = useState(() => ({ ...rememberedVisitor(), phone: '', comments: '' }));
  const [sending, setSending] = useState(false);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!values.firstName.trim() || !values.lastName.trim() || !values.email.trim()) {
      toast({ title: 'Failed to send inquiry', description: 'Please fill in your first name, last name and email.', destructive: true });
      return;
    }
    setSending(true);
    try {
      const outcome = await sendContact(buildInquiry(values, artwork));
      setValues((v) => ({ ...v, phone: '', comments: '' }));
      toast(
        outcome.status === 'queued'
          ? { title: 'Saved offline', description: 'You are offline. Your inquiry will be sent when you are back online.' }
          : { title: 'Inquiry sent', description: 'Thank you for your interest. We will contact you shortly.' },
      );
    } catch {
      toast({ title: 'Failed to send inquiry', destructive: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.inquiry} aria-labelledby="inquiry-title">
      <h2 id="inquiry-title" className={styles.inquiryTitle}>
        Inquire about this work
      </h2>
      <form className={styles.form} onSubmit={onSubmit} aria-label="Artwork inquiry">
        <div className={styles.row}>
          <TextField label="First name" name="firstName" autoComplete="given-name" required maxLength={100} value={values.firstName} onChange={set('firstName')} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" required maxLength={100} value={values.lastName} onChange={set('lastName')} />
        </div>
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} value={values.email} onChange={set('email')} />
        <TextField label="Phone" optional name="phone" type="tel" autoComplete="tel" maxLength={60} value={values.phone} onChange={set('phone')} />
        <TextArea label="Comments" optional name="comments" rows={4} maxLength={3000} value={values.comments} onChange={set('comments')} />
        <div>
          <button type="submit" className={button()} disabled={sending} aria-busy={sending}>
            {sending ? 'Sending…' : 'Send Inquiry'}
          </button>
        </div>
      </form>
    </section>
  );
}
