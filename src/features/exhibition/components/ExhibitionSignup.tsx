import { useRef } from 'react';
import { CONSENT_TEXT_VERSIONS } from '@/lib/contract/contract.gen';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { FORM_ACTIONS, subscribeNewsletter } from '@/lib/forms/submit';
import { button } from '@/ui/button/button.css';
import { clearFields, formText } from '@/ui/form/form-fields';
import { HiddenFields } from '@/ui/form/HiddenFields';
import { FORM_NOTICES } from '@/ui/form/notices';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import * as styles from './Exhibition.css';
import { EmailField, NameField } from '@/ui/field/person-fields';

const EMAIL_REQUIRED = 'Please enter your email address';

/** Exhibition sign-up: email required, name optional. */
export function ExhibitionSignup({ exhibitionSlug }: { exhibitionSlug: string }) {
  const formRef = useRef<HTMLFormElement>(null);
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
    notices: FORM_NOTICES.exhibition,
    onDone: (input) => {
      rememberNewsletterEmail(input.email);
      if (formRef.current) clearFields(formRef.current, ['name', 'email']);
    },
  });

  return (
    <form
      ref={formRef}
      method="post"
      action={FORM_ACTIONS.newsletter}
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        const v = formText(event.currentTarget);
        submit({ name: v.name ?? '', email: v.email ?? '' });
      }}
      noValidate
      aria-labelledby="exhibition-signup-title"
    >
      <HiddenFields
        values={{ source: 'exhibition', consentVersion: CONSENT_TEXT_VERSIONS.exhibition, exhibitionSlug }}
      />
      <h2 id="exhibition-signup-title" className={styles.formTitle}>
        Get the invitation
      </h2>
      <NameField error={errors.name} optional />
      <EmailField error={errors.email} required={false} aria-required="true" />
      <div>
        <button type="submit" className={button()} aria-disabled={sending} aria-busy={sending}>
          {sending ? 'Signing up…' : 'Sign Up'}
        </button>
      </div>
    </form>
  );
}
