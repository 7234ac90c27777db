import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../../support/hook-module';

// The server's check on fetched exchange rates (pb_hooks/lib/shop/rates.js).
type Verdict = { ok: boolean; large: boolean; reason: string };
const { judge } = loadHookModule<{
  judge(
    rate: number,
    current: number,
    confirmed: number,
    fallback: number,
    lastLargeMove: number,
    now: number,
  ): Verdict;
}>('lib/shop/rates.js');

const NOW = Date.parse('2026-11-24T12:00:00Z');
const HOUR = 3600_000;

describe('exchange-rate band', () => {
  it('takes rates within 20% of the fallback while the artist has confirmed none', () => {
    expect(judge(11.02, 11.3, 0, 11.5, 0, NOW)).toEqual({ ok: true, large: false, reason: '' });
    expect(judge(11.5 * 1.2, 11.5 * 1.16, 0, 11.5, 0, NOW).ok).toBe(true);
    expect(judge(11.5 * 1.21, 11.5 * 1.2, 0, 11.5, 0, NOW)).toMatchObject({
      ok: false,
      reason: 'moves 21% from the fallback rate 11.5',
    });
  });

  it('measures from the confirmed rate, never from the last fetched one: a walk stops at the band', () => {
    expect(judge(7.3, 7.25, 7.25, 11.5, 0, NOW).ok).toBe(true);
    expect(judge(9.0, 7.25, 7.25, 11.5, 0, NOW)).toMatchObject({ ok: false, reason: /confirmed rate 7.25/ });
    // each step 4% below the last accepted one: taken only while within 20% of the reference
    let current = 11.5;
    for (let i = 0; i < 12; i++) {
      const next = current * 0.96;
      if (judge(next, current, 0, 11.5, 0, NOW).ok) current = next;
    }
    expect(current).toBeGreaterThanOrEqual(11.5 * 0.8);
  });

  it('one move of more than 5% a day; small moves any time', () => {
    expect(judge(10.0, 11.2, 0, 11.5, 0, NOW)).toEqual({ ok: true, large: true, reason: '' });
    expect(judge(10.7, 10.0, 0, 11.5, NOW - 2 * HOUR, NOW)).toMatchObject({
      ok: false,
      reason: 'moves 7% from 10: a second large move within a day',
    });
    expect(judge(10.7, 10.0, 0, 11.5, NOW - 25 * HOUR, NOW)).toMatchObject({ ok: true, large: true });
    expect(judge(10.3, 10.0, 0, 11.5, NOW - 2 * HOUR, NOW)).toMatchObject({ ok: true, large: false });
  });

  it('refuses anything that is not a positive finite number', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0, -3])
      expect(judge(bad, 11.5, 0, 11.5, 0, NOW)).toMatchObject({ ok: false, reason: 'not a positive number' });
  });
});
