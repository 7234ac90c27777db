// What each visitor form says when it was sent or failed: the app's toast and the result page
// a browser's own form post lands on (src/routes/result.$form.tsx) read the same texts.
import { Enums } from '@/lib/contract/contract.gen';
import { CONFIRM_FROM_INBOX } from '@/lib/forms/confirm-notice';
import type { FormNotices } from './form-notice';

/**
 * A form as the result page names it: a sign-up's source, a message's kind, or "newsletter"
 * for a sign-up the server refused before it read the source (pb_hooks/lib/http/form-post.js).
 */
export const RESULT_FORMS = [
  ...Enums.newsletter_subscribers.consent_source,
  ...Enums.contact_messages.kind,
  'newsletter',
] as const;
export type ResultForm = (typeof RESULT_FORMS)[number];

const NEWSLETTER: FormNotices = {
  sent: { title: 'Subscribed', description: CONFIRM_FROM_INBOX },
  failed: { title: 'Subscription failed', description: 'Please try again in a moment.' },
};

export const FORM_NOTICES: Record<ResultForm, FormNotices> = {
  footer: NEWSLETTER,
  home: NEWSLETTER,
  newsletter: NEWSLETTER,
  'viewing-room': {
    sent: { title: 'Access granted', description: "We've emailed you details and unlocked the room." },
    failed: { title: 'Failed to submit', description: 'Please try again.', reason: true },
    queued: { title: 'Saved offline', description: 'The viewing room opens as soon as you are back online.' },
  },
  'print-drop': {
    sent: { title: 'Subscribed', description: `${CONFIRM_FROM_INBOX} The newsletter will tell you about the release.` },
    failed: { title: 'Subscription failed', description: 'Please try again shortly.', reason: true },
  },
  exhibition: {
    sent: { title: 'Success!', description: CONFIRM_FROM_INBOX },
    failed: { title: 'Error', description: 'Something went wrong. Please try again.' },
  },
  contact: {
    sent: { title: 'Message sent', description: 'Thanks — we will get back to you shortly.' },
    failed: { title: 'Failed to send', description: 'Please try again.', reason: true },
  },
  inquiry: {
    sent: { title: 'Inquiry sent', description: 'Thank you for your interest. We will contact you shortly.' },
    failed: { title: 'Failed to send inquiry' },
  },
};
