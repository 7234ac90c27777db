import { useState } from 'react';
import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { CONFIRM_FROM_INBOX } from '@/lib/forms/confirm-notice';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { subscribeNewsletter } from '@/lib/forms/submit';
import { button } from '@/ui/button/button.css';
import { TextField } from '@/ui/field/Field';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import * as styles from './Exhibition.css';

const EMAIL_REQUIRED = 'Please enter your email address';

/** Exhibition sign-up: email required, name optional. */
export function ExhibitionSignup({ exhibitionSlug }: { exhibitionSlug: string }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const {
    submit,
    sending,
    fieldErrors: errors,
  } = useFormSubmit({
    send: (input: { name: string; email: string }) =>
      subscribeNewsletter({
        email: input.email,
        name: input.name || undefined,
        source: 'exhibition',
        exhibitionSlug,
      }),
    check: (input) =>
      input.email
        ? undefined
        : { notice: { title: EMAIL_REQUIRED, destructive: true }, fieldErrors: { email: EMAIL_REQUIRED } },
    notices: {
      sent: { title: 'Success!', description: CONFIRM_FROM_INBOX },
      failed: { title: 'Error', description: 'Something went wrong. Please try again.' },
    },
    onDone: (input) => {
      rememberNewsletterEmail(input.email);
      setEmail('');
      setName('');
    },
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        submit({ name: name.trim(), email: email.trim() });
      }}
      noValidate
      aria-labelledby="exhibition-signup-title"
    >
      <h2 id="exhibition-signup-title" className={styles.formTitle}>
        Get the invitation
      </h2>
      <TextField
        label="Name"
        optional
        name="name"
        autoComplete="name"
        maxLength={FORM_LIMITS.name}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={FORM_LIMITS.email}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        aria-required="true"
      />
      <div>
        <button type="submit" className={button()} aria-disabled={sending} aria-busy={sending}>
          {sending ? 'Signing up…' : 'Sign Up'}
        </button>
      </div>
    </form>
  );
}
