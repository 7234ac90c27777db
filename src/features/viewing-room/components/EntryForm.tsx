import { useEffect, useRef } from 'react';
import { CONSENT_TEXT_VERSIONS } from '@/lib/contract/contract.gen';
import { rememberNewsletterEmail } from '@/lib/forms/remembered';
import { FORM_ACTIONS, subscribeNewsletter } from '@/lib/forms/submit';
import { button } from '@/ui/button/button.css';
import { formText, prefillFields } from '@/ui/form/form-fields';
import { HiddenFields } from '@/ui/form/HiddenFields';
import { PrivacyNote } from '@/ui/legal/LegalLinks';
import { FORM_NOTICES } from '@/ui/form/notices';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import { grantRoomPass, passFromSignUp, rememberedVisitor, rememberVisitorNames } from '../model/access';
import * as styles from './ViewingRoom.css';
import { EmailField } from '@/ui/field/person-fields';
import { NameParts } from './NameParts';

interface EntryFormProps {
  artworkSlug: string;
}

type Visitor = ReturnType<typeof rememberedVisitor>;

/**
 * The viewing-room gate: first name, last name and email. The room unlocks as soon as the
 * sign-up is accepted: its answer carries the room pass the server checks (the newsletter
 * itself still needs the confirmation in the email). A sign-up saved offline opens the room
 * once it has been sent (app/form-outbox.ts). Without the app the browser posts the form
 * itself: the result page then says the room's link is in the email.
 */
export function EntryForm({ artworkSlug }: EntryFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // names and email this device remembers fill the fields the visitor has not typed into
  useEffect(() => {
    if (formRef.current) prefillFields(formRef.current, rememberedVisitor());
  }, []);
  const {
    submit,
    sending,
    fieldErrors: errors,
  } = useFormSubmit({
    send: async (v: Visitor) => {
      const outcome = await subscribeNewsletter({
        email: v.email,
        source: 'viewing-room',
        firstName: v.firstName,
        lastName: v.lastName,
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
    notices: FORM_NOTICES['viewing-room'],
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
      ref={formRef}
      method="post"
      action={FORM_ACTIONS.newsletter}
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        const v = formText(event.currentTarget);
        submit({ firstName: v.firstName ?? '', lastName: v.lastName ?? '', email: v.email ?? '' });
      }}
      aria-label="Viewing room entry"
    >
      <HiddenFields
        values={{ source: 'viewing-room', consentVersion: CONSENT_TEXT_VERSIONS['viewing-room'], artworkSlug }}
      />
      <NameParts errors={errors} />
      <EmailField error={errors.email} />
      {/* the one statement of what the visitor agrees to, read before the button */}
      <PrivacyNote className={styles.consent}>
        By entering you agree to receive the viewing room details by email. We will also ask you to confirm whether you
        want occasional news; you can unsubscribe from any email with one click.
      </PrivacyNote>
      <div>
        <button type="submit" className={button()} aria-disabled={sending} aria-busy={sending}>
          {sending ? 'Entering…' : 'Enter Viewing Room'}
        </button>
      </div>
    </form>
  );
}
