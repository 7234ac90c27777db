import { describe, expect, it } from 'vitest';
import { buildInquiry } from '@/features/viewing-room/model/inquiry';

const artwork = {
  id: 'abc123abc123abc',
  slug: 'the-whispering-room',
  title: 'The Whispering Room',
  year: 2025,
  medium: 'Oil on linen',
  dimensions: '140 × 110 cm',
};

describe('artwork inquiry', () => {
  it('builds the subject, "Not provided" phone and a message with contact and artwork details', () => {
    const p = buildInquiry(
      { firstName: ' Bo ', lastName: 'Buyer', email: 'bo@example.com', phone: ' ', comments: '' },
      artwork,
    );
    expect(p.subject).toBe('Artwork Inquiry: The Whispering Room');
    expect(p.phone).toBe('Not provided');
    expect(p.name).toBe('Bo Buyer');
    expect(p.message).toContain('Name: Bo Buyer');
    expect(p.message).toContain('Email: bo@example.com');
    expect(p.message).toContain('Phone: Not provided');
    expect(p.message).toContain('Title: The Whispering Room');
    expect(p.message).toContain('Dimensions: 140 × 110 cm');
    expect(p.artworkId).toBe(artwork.id);
  });

  it('keeps a given phone and comments', () => {
    const p = buildInquiry(
      { firstName: 'A', lastName: 'B', email: 'a@b.se', phone: '+46 70 000', comments: 'Is it framed?' },
      artwork,
    );
    expect(p.phone).toBe('+46 70 000');
    expect(p.message).toContain('Is it framed?');
  });
});
