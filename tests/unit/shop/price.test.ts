import { describe, expect, it } from 'vitest';
import type { Currency } from '@/features/shop/model/currency';
import { type PriceFields, type Rates, unitAmount, unitPrice } from '@/features/shop/model/price';
import { FALLBACK_RATES } from '@/lib/contract/contract.gen';
import cases from '../../fixtures/price-cases.json';
import { loadHookModule } from '../../support/hook-module';

// The server's rule, the CommonJS module PocketBase's hooks require.
const server = loadHookModule<{
  unitAmount(print: PriceFields, currency: Currency, rates: Partial<Rates> | null): number;
}>('lib/shop/pricing.js');

describe('the price rule is the same in the browser and on the server', () => {
  for (const c of cases as {
    name: string;
    print: PriceFields;
    currency: Currency;
    rates: Rates | null;
    expected: number;
  }[]) {
    it(c.name, () => {
      expect(unitAmount(c.print, c.currency, c.rates)).toBe(c.expected);
      expect(server.unitAmount(c.print, c.currency, c.rates)).toBe(c.expected);
      expect(unitPrice(c.print, c.currency, c.rates)).toBe(c.expected / 100);
    });
  }

  it('without known rates both sides convert with the contract’s fallback rates', () => {
    const print = { price_cents: 0, price_cents_eur: 100_00 };
    for (const currency of ['sek', 'usd'] as const) {
      const expected = Math.round(100 * FALLBACK_RATES[currency]) * 100;
      expect(unitAmount(print, currency, null)).toBe(expected);
      expect(server.unitAmount(print, currency, null)).toBe(expected);
      // a broken rate falls back too
      expect(server.unitAmount(print, currency, { [currency]: -1 })).toBe(expected);
    }
  });
});
