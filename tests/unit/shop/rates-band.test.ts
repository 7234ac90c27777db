import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../../support/hook-module';

// The server's check on fetched exchange rates (pb_hooks/lib/shop/rates.js).
const { sane } = loadHookModule<{ sane(rate: number, last: number, fallback: number): string }>('lib/shop/rates.js');

describe('exchange-rate sanity band', () => {
  it('accepts moves within 20% of the last good rate', () => {
    expect(sane(11.02, 11.5, 11.5)).toBe('');
    expect(sane(11.5 * 1.2, 11.5, 11.5)).toBe('');
    expect(sane(11.5 * 0.8, 11.5, 11.5)).toBe('');
  });

  it('refuses larger moves and anything that is not a positive finite number', () => {
    expect(sane(11.5 * 1.21, 11.5, 11.5)).toMatch(/moves 21% from the last good rate 11.5/);
    expect(sane(1.05, 11.5, 11.5)).toMatch(/moves 91%/);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0, -3])
      expect(sane(bad, 11.5, 11.5)).toBe('not a positive number');
  });

  it('with no rate stored yet, the fallback is the reference with a wider band', () => {
    expect(sane(16, 0, 11.5)).toBe('');
    expect(sane(18, 0, 11.5)).toMatch(/from the fallback rate 11.5/);
  });
});
