import { useState } from 'react';
import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { subscribeNewsletter } from '@/lib/forms/submit';
import { button } from '@/ui/button/button.css';
import { TextField } from '@/ui/field/Field';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import { grantRoomPass, passFromSignUp, rememberedVisitor, rememberVisitorNames } from '../model/access';
import { NAME_PART_MAX } from '../model/inquiry';
import * as styles from './ViewingRoom.css';

interface EntryFormProps {
  artworkSlug: string;
}

type Visitor = ReturnType<typeof rememberedVisitor>;

/**
 * The viewing-room gate: first name, last name and email. The room unlocks as soon as the
 * sign-up is accepted: its answer carries the room pass the server checks (the newsletter
 * itself still needs the confirmation in the email). A sign-up saved offline opens the room
 * once it has been sent (app/form-outbox.ts).
 */
export function EntryForm({ artworkSlug }: EntryFormProps) {
  const [values, setValues] = useState(rememberedVisitor);
  const set = (name: keyof Visitor) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const {
    submit,
    sending,
    fieldErrors: errors,
  } = useFormSubmit({
    send: async (v: Visitor) => {
      const outcome = await subscribeNewsletter({
        email: v.email,
        source: 'viewing-room',
        name: `${v.firstName} ${v.lastName}`,
        artworkSlug,
      });
      // "Access granted" only with the pass in hand
      if (outcome.status === 'sent' && !passFromSignUp(outcome.response))
        throw new Error('The viewing room did not open. Please try again.');
      return outcome;
    },
    check: (v) =>
      v.firstName && v.lastName && v.email
        ? undefined
        : {
            notice: {
              title: 'Failed to submit',
              description: 'Please fill in your first name, last name and email.',
              destructive: true,
            },
          },
    notices: {
      sent: { title: 'Access granted', description: "We've emailed you details and unlocked the room." },
      failed: { title: 'Failed to submit', description: 'Please try again.', reason: true },
      queued: { title: 'Saved offline', description: 'The viewing room opens as soon as you are back online.' },
    },
    onDone: (v, outcome) => {
      rememberNewsletterEmail(v.email);
      const pass = outcome.status === 'sent' ? passFromSignUp(outcome.response) : null;
      if (!pass) {
        rememberVisitorNames(v);
        return;
      }
      // the page opens the room when the pass arrives (model/access.ts)
      grantRoomPass(pass, v);
    },
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        submit({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() });
      }}
      aria-label="Viewing room entry"
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
      <p className={styles.consent}>
        By entering you agree to receive the viewing room details by email. We will also ask you to confirm whether you
        want occasional news; you can unsubscribe from any email with one click.
      </p>
      <div>
        <button type="submit" className={button()} aria-disabled={sending} aria-busy={sending}>
          {sending ? 'Entering…' : 'Enter Viewing Room'}
        </button>
      </div>
    </form>
  );
}
