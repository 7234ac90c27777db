// @vitest-environment jsdom
// The analytics consent kept in the browser: one answer per banner text version.
import { afterEach, describe, expect, it } from 'vitest';
import { markRecorded, readConsent, writeConsent } from '@/features/privacy/model/consent';
import { ANALYTICS_CONSENT_VERSION } from '@/lib/contract/contract.gen';

const KEY = 'atelier-analytics-consent';

afterEach(() => localStorage.clear());

describe('the stored consent', () => {
  it('is none until the visitor answers', () => {
    expect(readConsent()).toBeNull();
  });

  it('keeps the answer with the current text version and a visitor id, not yet recorded', () => {
    const value = writeConsent('accepted');
    expect(value).toMatchObject({ choice: 'accepted', version: ANALYTICS_CONSENT_VERSION, recorded: false });
    expect(value.visitor).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(readConsent()).toEqual(value);
    markRecorded(value);
    expect(readConsent()?.recorded).toBe(true);
  });

  it('a changed answer keeps the visitor id', () => {
    const first = writeConsent('accepted');
    const second = writeConsent('refused');
    expect(second.visitor).toBe(first.visitor);
    expect(readConsent()?.choice).toBe('refused');
  });

  it('an answer to an older text, or garbage, counts as no answer', () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ choice: 'accepted', version: 'analytics-v0', at: 1, visitor: 'abcdefgh' }),
    );
    expect(readConsent()).toBeNull();
    // the id carries over to the new answer
    expect(writeConsent('refused').visitor).toBe('abcdefgh');
    for (const raw of ['{', 'null', '{"choice":"maybe","version":"analytics-v1"}']) {
      localStorage.setItem(KEY, raw);
      expect(readConsent(), raw).toBeNull();
    }
  });
});
