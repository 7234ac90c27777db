import { useEffect, useRef } from 'react';
import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { FORM_ACTIONS, sendContact } from '@/lib/forms/submit';
import type { ArtworksRecord } from '@/lib/pocketbase/types.gen';
import { button } from '@/ui/button/button.css';
import { TextArea, TextField } from '@/ui/field/Field';
import { clearFields, formText, prefillFields } from '@/ui/form/form-fields';
import { HiddenFields } from '@/ui/form/HiddenFields';
import { FORM_NOTICES } from '@/ui/form/notices';
import { useFormSubmit } from '@/ui/form/use-form-submit';
import { rememberedVisitor } from '../model/access';
import * as styles from './ViewingRoom.css';
import { EmailField } from '@/ui/field/person-fields';
import { NameParts } from './NameParts';

interface Inquiry {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  comments: string;
}

/**
 * Inquiry about an is_inquirable artwork, sent through send-contact as its fields: the server
 * writes the subject and the message with the artwork's details (pb_hooks/lib/forms/inquiry.js).
 */
export function InquiryForm({ artwork }: { artwork: ArtworksRecord }) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current) prefillFields(formRef.current, rememberedVisitor());
  }, []);
  const {
    submit,
    sending,
    fieldErrors: errors,
  } = useFormSubmit({
    send: (input: Inquiry) => sendContact({ kind: 'inquiry', ...input, artworkId: artwork.id }),
    check: (input) =>
      input.firstName && input.lastName && input.email
        ? undefined
        : {
            notice: {
              title: 'Failed to send inquiry',
              description: 'Please fill in your first name, last name and email.',
              destructive: true,
            },
          },
    notices: FORM_NOTICES.inquiry,
    onDone: () => {
      if (formRef.current) clearFields(formRef.current, ['phone', 'comments']);
    },
  });

  return (
    <section className={styles.inquiry} aria-labelledby="inquiry-title">
      <h2 id="inquiry-title" className={styles.inquiryTitle}>
        Inquire about this work
      </h2>
      <form
        ref={formRef}
        method="post"
        action={FORM_ACTIONS.contact}
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const v = formText(event.currentTarget);
          submit({
            firstName: v.firstName ?? '',
            lastName: v.lastName ?? '',
            email: v.email ?? '',
            phone: v.phone ?? '',
            comments: v.comments ?? '',
          });
        }}
        aria-label="Artwork inquiry"
      >
        <HiddenFields values={{ kind: 'inquiry', artworkId: artwork.id }} />
        <NameParts errors={errors} />
        <EmailField error={errors.email} />
        <TextField
          label="Phone"
          optional
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={FORM_LIMITS.phone}
          error={errors.phone}
        />
        <TextArea
          label="Comments"
          optional
          name="comments"
          rows={4}
          maxLength={FORM_LIMITS.comments}
          error={errors.comments ?? errors.message}
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
