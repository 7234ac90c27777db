import { useState } from 'react';
import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { sendContact } from '@/lib/forms/submit';
import { button } from '@/ui/button/button.css';
import { SelectField, TextArea, TextField } from '@/ui/field/Field';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import { CONTACT_SUBJECTS, DEFAULT_SUBJECT } from '../model/subjects';
import * as styles from './ContactForm.css';

const EMPTY = { name: '', email: '', subject: DEFAULT_SUBJECT as string, message: '' };

/** The contact form: stored on the server before the artist is emailed; queued when offline. */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const {
    submit,
    sending,
    fieldErrors: errors,
  } = useFormSubmit({
    send: (input: typeof EMPTY) => sendContact({ ...input, kind: 'contact' }),
    notices: {
      sent: { title: 'Message sent', description: 'Thanks — we will get back to you shortly.' },
      failed: { title: 'Failed to send', description: 'Please try again.', reason: true },
    },
    onDone: () => setValues(EMPTY),
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        submit(values);
      }}
      aria-label="Contact form"
    >
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={FORM_LIMITS.name}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={FORM_LIMITS.email}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <SelectField
        label="Subject"
        name="subject"
        value={values.subject}
        onChange={set('subject')}
        error={errors.subject}
      >
        {CONTACT_SUBJECTS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <TextArea
        label="Message"
        name="message"
        rows={6}
        required
        maxLength={FORM_LIMITS.message}
        value={values.message}
        onChange={set('message')}
        error={errors.message}
      />
      <div>
        <button type="submit" className={button()} aria-disabled={sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
