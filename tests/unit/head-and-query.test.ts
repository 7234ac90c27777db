import { onlineManager } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it } from 'vitest';
import { retryDelay, shouldRetry } from '@/app/query-client';
import { canonicalUrl, documentTitle } from '@/lib/site/head';
import { isValidEmail } from '@/features/newsletter/model/email';

describe('head', () => {
  it('uses the title template "{page} | {artist}" and the default title without a page title', () => {
    expect(documentTitle('Artworks', 'Elin Vinter')).toBe('Artworks | Elin Vinter');
    expect(documentTitle(undefined, 'Elin Vinter')).toBe('Elin Vinter — Contemporary Artist');
    expect(documentTitle('  ', 'Elin Vinter')).toBe('Elin Vinter — Contemporary Artist');
  });

  it('builds the canonical URL from the public origin and the path only', () => {
    expect(canonicalUrl('https://elinvinter.se/', '/artworks')).toBe('https://elinvinter.se/artworks');
    expect(canonicalUrl('https://elinvinter.se', '/')).toBe('https://elinvinter.se/');
  });
});

describe('query defaults', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('backs off exponentially from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries transient failures up to 3 times, never 4xx answers', () => {
    const down = new ClientResponseError({ status: 503 });
    expect(shouldRetry(0, down)).toBe(true);
    expect(shouldRetry(2, down)).toBe(true);
    expect(shouldRetry(3, down)).toBe(false);
    expect(shouldRetry(0, new ClientResponseError({ status: 404 }))).toBe(false);
  });

  it('does not retry while the browser is offline', () => {
    onlineManager.setOnline(false);
    expect(shouldRetry(0, new ClientResponseError({ status: 0 }))).toBe(false);
  });
});

describe('newsletter email check', () => {
  it('accepts name@host.tld and rejects spaces or missing parts', () => {
    expect(isValidEmail('elin@example.se')).toBe(true);
    expect(isValidEmail('elin @example.se')).toBe(false);
    expect(isValidEmail('elin@example')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });
});
