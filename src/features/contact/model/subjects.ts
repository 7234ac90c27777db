import { CONTACT_SUBJECTS } from '@/lib/contract/contract.gen';

/** The contact form's subject choices, exactly those the server accepts. */
export { CONTACT_SUBJECTS };

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Preselected in the form, and what the server stores when a message names no subject. */
export const DEFAULT_SUBJECT: ContactSubject = CONTACT_SUBJECTS[0];
