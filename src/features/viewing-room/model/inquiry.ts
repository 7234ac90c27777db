// The artwork inquiry: subject "Artwork Inquiry: {title}", phone "Not provided" when empty,
// a message with the contact details and the artwork details.
import { FORM_LIMITS, INQUIRY_SUBJECT_PREFIX } from '@/lib/contract/contract.gen';

/** Longest first or last name: together they make the contact's name. */
export const NAME_PART_MAX = FORM_LIMITS.name / 2;

/** Longest comment: the details around it must fit in the message too. */
export const COMMENTS_MAX = 3000;

export interface InquiryInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  comments?: string;
}

export interface InquiryArtwork {
  id: string;
  title: string;
  year?: number;
  medium?: string;
  dimensions?: string;
  slug: string;
}

const NO_PHONE = 'Not provided';

export interface ContactPayload {
  kind: 'inquiry';
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  artworkId: string;
}

export function buildInquiry(input: InquiryInput, artwork: InquiryArtwork): ContactPayload {
  const name = `${input.firstName.trim()} ${input.lastName.trim()}`.trim();
  const phone = input.phone?.trim() || NO_PHONE;
  const lines = [
    'Contact details',
    `Name: ${name}`,
    `Email: ${input.email.trim()}`,
    `Phone: ${phone}`,
    '',
    'Artwork details',
    `Title: ${artwork.title}`,
    artwork.year ? `Year: ${artwork.year}` : null,
    artwork.medium ? `Medium: ${artwork.medium}` : null,
    artwork.dimensions ? `Dimensions: ${artwork.dimensions}` : null,
    `Reference: ${artwork.slug}`,
    '',
    'Comments',
    input.comments?.trim() || 'None',
  ].filter((line): line is string => line !== null);
  return {
    kind: 'inquiry',
    name,
    email: input.email.trim(),
    phone,
    subject: `${INQUIRY_SUBJECT_PREFIX}${artwork.title}`,
    message: lines.join('\n'),
    artworkId: artwork.id,
  };
}
