import { describe, expect, it } from 'vitest';
import { optionalParam, SLUG, searchParams } from '@/lib/router/search';

describe('route search params', () => {
  const validate = searchParams({ print: { pattern: SLUG, max: 20 }, release: { pattern: /^[\w:.+\- ]+$/, max: 64 } });

  it('keeps valid values and drops everything else', () => {
    expect(validate({ print: 'night-garden', release: '2025-12-01T10:00:00 01:00', other: 'x' })).toEqual({
      print: 'night-garden',
      release: '2025-12-01T10:00:00 01:00',
    });
  });

  it('turns malformed, oversized or non-string values into a fallback (missing)', () => {
    expect(validate({ print: 'NOT VALID' })).toEqual({});
    expect(validate({ print: 'a'.repeat(21) })).toEqual({});
    expect(validate({ print: { nested: true } })).toEqual({});
    expect(validate({ release: '<script>' })).toEqual({});
  });

  it('accepts numeric-looking slugs the router parsed as numbers', () => {
    expect(optionalParam(2025, { pattern: SLUG, max: 10 })).toBe('2025');
    expect(optionalParam(Number.NaN, { pattern: SLUG, max: 10 })).toBeUndefined();
  });
});
