import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Currency } from '@/features/shop/model/currency';
import { FALLBACK_RATES, type PriceFields, type Rates, unitAmount, unitPrice } from '@/features/shop/model/price';
import cases from '../../fixtures/price-cases.json';

// The server's rule, evaluated as the CommonJS module PocketBase's hooks require (the repo's
// package.json says "type": "module", so Node's own require would refuse it).
const serverModule = { exports: {} as unknown };
new Function(
  'module',
  'exports',
  readFileSync(resolve(import.meta.dirname, '../../../pb_hooks/lib/shop/pricing.js'), 'utf8'),
)(serverModule, serverModule.exports);
const server = serverModule.exports as {
  unitAmount(print: PriceFields, currency: Currency, rates: Partial<Rates> | null): number;
  FALLBACK_RATES: Record<string, number>;
};

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

  it('both sides use the same fallback rates', () => {
    expect(FALLBACK_RATES).toEqual({ sek: 11.5, usd: 1.1 });
    expect(server.FALLBACK_RATES).toMatchObject({ sek: 11.5, usd: 1.1 });
  });
});
