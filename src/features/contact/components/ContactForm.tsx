import { useRef } from 'react';
import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { FORM_ACTIONS, sendContact } from '@/lib/forms/submit';
import { button } from '@/ui/button/button.css';
import { SelectField, TextArea } from '@/ui/field/Field';
import { clearFields, formText } from '@/ui/form/form-fields';
import { FORM_NOTICES } from '@/ui/form/notices';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import { CONTACT_SUBJECTS, DEFAULT_SUBJECT } from '../model/subjects';
import * as styles from './ContactForm.css';
import { EmailField, NameField } from '@/ui/field/person-fields';

type Message = { name: string; email: string; subject: string; message: string };

/**
 * The contact form: stored on the server before the artist is emailed; queued when offline.
 * Before the app has started (or without JavaScript) the browser posts it itself.
 */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const {
    submit,
    sending,
    fieldErrors: errors,
  } = useFormSubmit({
    send: (input: Message) => sendContact({ ...input, kind: 'contact' }),
    notices: FORM_NOTICES.contact,
    onDone: () => {
      if (formRef.current) clearFields(formRef.current, ['name', 'email', 'subject', 'message']);
    },
  });

  return (
    <form
      ref={formRef}
      method="post"
      action={FORM_ACTIONS.contact}
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        const v = formText(event.currentTarget);
        submit({
          name: v.name ?? '',
          email: v.email ?? '',
          subject: v.subject || DEFAULT_SUBJECT,
          message: v.message ?? '',
        });
      }}
      aria-label="Contact form"
    >
      <NameField error={errors.name} />
      <EmailField error={errors.email} />
      <SelectField label="Subject" name="subject" defaultValue={DEFAULT_SUBJECT} error={errors.subject}>
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
