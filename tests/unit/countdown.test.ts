import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RELEASE,
  dropTitle,
  formatRelease,
  parseReleaseParam,
  resolveRelease,
  timeLeft,
} from '@/features/drop/model/countdown';

describe('drop countdown', () => {
  it('the default release is 1 December 2025 at 10:00 Stockholm time', () => {
    expect(DEFAULT_RELEASE.toISOString()).toBe('2025-12-01T09:00:00.000Z');
    expect(formatRelease(DEFAULT_RELEASE)).toMatch(/1 December 2025.*10:00 \(Stockholm time\)/);
  });

  it('shows Stockholm time in summer too (UTC+2)', () => {
    expect(formatRelease(new Date('2026-07-01T08:00:00Z'))).toMatch(/10:00 \(Stockholm time\)/);
  });

  it('counts days, hours, minutes and seconds to the release', () => {
    const release = new Date('2025-12-01T09:00:00Z');
    expect(timeLeft(new Date('2025-11-29T07:58:59Z'), release)).toEqual({
      days: 2,
      hours: 1,
      minutes: 1,
      seconds: 1,
      ended: false,
    });
    expect(timeLeft(new Date('2025-12-01T08:59:59.500Z'), release)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
      ended: false,
    });
  });

  it('ends exactly at the release time', () => {
    const release = new Date('2025-12-01T09:00:00Z');
    expect(timeLeft(release, release).ended).toBe(true);
    expect(timeLeft(new Date('2026-01-01T00:00:00Z'), release)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      ended: true,
    });
  });

  it('a valid ?release= overrides; an invalid one falls back to the record, then the default', () => {
    expect(resolveRelease('2030-01-01T12:00:00+01:00', '2025-12-01 09:00:00.000Z').toISOString()).toBe(
      '2030-01-01T11:00:00.000Z',
    );
    expect(resolveRelease('not-a-date', '2026-02-01 09:00:00.000Z').toISOString()).toBe('2026-02-01T09:00:00.000Z');
    expect(resolveRelease('', null)).toEqual(DEFAULT_RELEASE);
    expect(resolveRelease(undefined, '')).toEqual(DEFAULT_RELEASE);
    expect(parseReleaseParam('2025-13-45')).toBeNull();
    expect(parseReleaseParam({})).toBeNull();
  });

  it('the title is at most 60 characters', () => {
    expect(dropTitle('Short')).toBe('Short');
    const long = dropTitle('x'.repeat(80));
    expect(long.length).toBe(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
