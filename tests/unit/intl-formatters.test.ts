import { describe, expect, it } from 'vitest';
import { formatPrice } from '@/features/shop/model/currency';
import { dateTimeFormat, numberFormat } from '@/lib/intl/formatters';
import { yearInStockholm } from '@/lib/time/stockholm';

describe('yearInStockholm', () => {
  it('turns at midnight in Stockholm (23:00 UTC on New Year’s Eve), not at midnight UTC', () => {
    expect(yearInStockholm(Date.parse('2026-12-31T22:59:59.999Z'))).toBe(2026);
    expect(yearInStockholm(Date.parse('2026-12-31T23:00:00.000Z'))).toBe(2027);
    expect(yearInStockholm(Date.parse('2027-01-01T00:30:00.000Z'))).toBe(2027);
  });

  it('says what Intl says for Europe/Stockholm through a year, summer time included', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/Stockholm' });
    for (let t = Date.parse('2025-12-30T00:00:00Z'); t < Date.parse('2027-01-02T00:00:00Z'); t += 37 * 60_000)
      expect(yearInStockholm(t)).toBe(Number(intl.format(t)));
  });
});

describe('Intl formatters', () => {
  it('are made once per locale and options, and format as a new one would', () => {
    const options = { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 } as const;
    const first = numberFormat('sv-SE', options);
    expect(numberFormat('sv-SE', { ...options })).toBe(first);
    expect(numberFormat('en-US', options)).not.toBe(first);
    expect(first.format(1200)).toBe(new Intl.NumberFormat('sv-SE', options).format(1200));
    const day = { day: 'numeric', month: 'long', timeZone: 'Europe/Stockholm' } as const;
    expect(dateTimeFormat('en-GB', day)).toBe(dateTimeFormat('en-GB', { ...day }));
    expect(dateTimeFormat('en-GB', day)).not.toBe(dateTimeFormat('en-GB', { ...day, year: 'numeric' }));
  });

  it('keep prices as they were', () => {
    expect(formatPrice(1200, 'usd')).toBe('$1,200');
    expect(formatPrice(1200, 'eur')).toBe('€1,200');
    expect(formatPrice(1200, 'sek')).toBe(`${new Intl.NumberFormat('sv-SE').format(1200)}\u00a0kr`);
  });
});
