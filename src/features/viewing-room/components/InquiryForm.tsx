import { useState } from 'react';
import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { sendContact } from '@/lib/forms/submit';
import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';
import { button } from '@/ui/button/button.css';
import { TextArea, TextField } from '@/ui/field/Field';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import { rememberedVisitor } from '../model/access';
import { buildInquiry, COMMENTS_MAX, type InquiryInput, NAME_PART_MAX } from '../model/inquiry';
import * as styles from './ViewingRoom.css';

/** Inquiry about an is_inquirable artwork, sent through send-contact. */
export function InquiryForm({ artwork }: { artwork: ArtworksRecord }) {
  const [values, setValues] = useState(() => ({ ...rememberedVisitor(), phone: '', comments: '' }));
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const {
    submit,
    sending,
    fieldErrors: errors,
  } = useFormSubmit({
    send: (input: InquiryInput) => sendContact(buildInquiry(input, artwork)),
    check: (input) =>
      input.firstName.trim() && input.lastName.trim() && input.email.trim()
        ? undefined
        : {
            notice: {
              title: 'Failed to send inquiry',
              description: 'Please fill in your first name, last name and email.',
              destructive: true,
            },
          },
    notices: {
      sent: { title: 'Inquiry sent', description: 'Thank you for your interest. We will contact you shortly.' },
      failed: { title: 'Failed to send inquiry' },
    },
    onDone: () => setValues((v) => ({ ...v, phone: '', comments: '' })),
  });

  return (
    <section className={styles.inquiry} aria-labelledby="inquiry-title">
      <h2 id="inquiry-title" className={styles.inquiryTitle}>
        Inquire about this work
      </h2>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit(values);
        }}
        aria-label="Artwork inquiry"
      >
        <div className={styles.row}>
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            maxLength={NAME_PART_MAX}
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.name}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={NAME_PART_MAX}
            value={values.lastName}
            onChange={set('lastName')}
          />
        </div>
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
        <TextField
          label="Phone"
          optional
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={FORM_LIMITS.phone}
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <TextArea
          label="Comments"
          optional
          name="comments"
          rows={4}
          maxLength={COMMENTS_MAX}
          value={values.comments}
          onChange={set('comments')}
          error={errors.message}
        />
        <div>
          <button type="submit" className={button()} aria-disabled={sending} aria-busy={sending}>
            {sending ? 'Sending…' : 'Send Inquiry'}
          </button>
        </div>
      </form>
    </section>
  );
}
