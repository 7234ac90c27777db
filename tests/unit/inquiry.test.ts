import { describe, expect, it } from 'vitest';
import { INQUIRY_SUBJECT_PREFIX } from '@/lib/contract/contract.gen';
import { loadHookModule } from '../support/hook-module';

// The server writes an inquiry's subject and message (the app and the browser's own form post
// send only the visitor's fields and the artwork id).
const { buildInquiry } = loadHookModule<{
  buildInquiry: (
    visitor: { firstName: string; lastName: string; email: string; phone: string; comments: string },
    artwork: { title: string; year: number; medium: string; dimensions: string; slug: string },
    prefix: string,
  ) => { name: string; phone: string; subject: string; message: string };
}>('lib/forms/inquiry.js');

const artwork = {
  slug: 'the-whispering-room',
  title: 'The Whispering Room',
  year: 2025,
  medium: 'Oil on linen',
  dimensions: '140 × 110 cm',
};

describe('artwork inquiry', () => {
  it('builds the subject, "Not provided" phone and a message with contact and artwork details', () => {
    const p = buildInquiry(
      { firstName: 'Bo', lastName: 'Buyer', email: 'bo@example.com', phone: '', comments: '' },
      artwork,
      INQUIRY_SUBJECT_PREFIX,
    );
    expect(p.subject).toBe('Artwork Inquiry: The Whispering Room');
    expect(p.phone).toBe('Not provided');
    expect(p.name).toBe('Bo Buyer');
    expect(p.message.split('\n')).toEqual([
      'Contact details',
      'Name: Bo Buyer',
      'Email: bo@example.com',
      'Phone: Not provided',
      '',
      'Artwork details',
      'Title: The Whispering Room',
      'Year: 2025',
      'Medium: Oil on linen',
      'Dimensions: 140 × 110 cm',
      'Reference: the-whispering-room',
      '',
      'Comments',
      'None',
    ]);
  });

  it('keeps a given phone and comments, and leaves out details the artwork lacks', () => {
    const p = buildInquiry(
      { firstName: 'A', lastName: 'B', email: 'a@b.se', phone: '+46 70 000', comments: 'Is it framed?' },
      { ...artwork, year: 0, medium: '', dimensions: '' },
      INQUIRY_SUBJECT_PREFIX,
    );
    expect(p.phone).toBe('+46 70 000');
    expect(p.message).toContain('Phone: +46 70 000');
    expect(p.message).toContain('Is it framed?');
    expect(p.message).not.toMatch(/Year:|Medium:|Dimensions:/);
  });
});
