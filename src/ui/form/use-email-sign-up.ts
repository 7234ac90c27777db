import { type FormEvent, useRef } from 'react';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import type { SubmitOutcome } from '@/lib/forms/submit';
import type { FormNotices } from './form-notice';
import { clearFields, formText } from './form-fields';
import { type FormCheck, useFormSubmit } from './use-form-submit';

/**
 * A sign-up form with one email field (the newsletter's, a drop's notify-me): sends the
 * address, then clears the field and remembers the email for the other forms.
 */
export function useEmailSignUp(options: {
  send: (email: string) => Promise<SubmitOutcome>;
  check: (email: string) => FormCheck | undefined;
  notices: FormNotices;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { submit, sending, fieldErrors } = useFormSubmit({
    ...options,
    onDone: (email) => {
      if (formRef.current) clearFields(formRef.current, ['email']);
      rememberNewsletterEmail(email);
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(formText(event.currentTarget).email ?? '');
  };
  return { formRef, onSubmit, sending, error: fieldErrors.email };
}
