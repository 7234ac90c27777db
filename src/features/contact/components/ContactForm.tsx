import { type FormEvent, useState } from 'react';
import { FormError, sendContact } from '@/lib/forms/submit';
import { button } from '@/ui/button/button.css';
import { SelectField, TextArea, TextField } from '@/ui/field/Field';
import { toast } from '@/ui/toast/toast-store';
import { CONTACT_SUBJECTS, DEFAULT_SUBJECT } from '../model/subjects';
import * as styles from './ContactForm.css';

const EMPTY = { name: '', email: '', subject: DEFAULT_SUBJECT as string, message: '' };

/** The contact form: stored on the server before the artist is emailed; queued when offline. */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setErrors({});
    try {
      const outcome = await sendContact({ ...values, kind: 'contact' });
      setValues(EMPTY);
      toast(
        outcome.status === 'queued'
          ? { title: 'Saved offline', description: 'You are offline. Your message will be sent when you are back online.' }
          : { title: 'Message sent', description: 'Thanks — we will get back to you shortly.' },
      );
    } catch (err) {
      if (err instanceof FormError) setErrors(err.fieldErrors);
      toast({ title: 'Failed to send', description: (err instanceof Error && err.message) || 'Please try again.', destructive: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label="Contact form">
      <TextField label="Name" name="name" autoComplete="name" required maxLength={200} value={values.name} onChange={set('name')} error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} value={values.email} onChange={set('email')} error={errors.email} />
      <SelectField label="Subject" name="subject" value={values.subject} onChange={set('subject')} error={errors.subject}>
        {CONTACT_SUBJECTS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <TextArea label="Message" name="message" rows={6} required maxLength={5000} value={values.message} onChange={set('message')} error={errors.message} />
      <div>
        <button type="submit" className={button()} disabled={sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
