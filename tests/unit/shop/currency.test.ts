import { describe, expect, it } from 'vitest';
import { currencyForLanguages, formatPrice } from '@/features/shop/model/currency';

describe('default currency from the browser language', () => {
  it.each([
    [['en-US'], 'usd'],
    [['es-US'], 'usd'],
    [['EN-us'], 'usd'],
    [['sv'], 'sek'],
    [['sv-SE'], 'sek'],
    [['sv-FI'], 'sek'],
    [['en-SE'], 'sek'],
    [['en-GB'], 'eur'],
    [['de-DE'], 'eur'],
    [['en'], 'eur'],
    [[], 'eur'],
    [['fr-FR', 'en-US'], 'eur'],
  ] as const)('%j → %s', (languages, expected) => {
    expect(currencyForLanguages(languages)).toBe(expected);
  });
});

describe('money: whole amounts, narrow symbol, the currency home locale', () => {
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  it('sek in sv-SE', () => expect(plain(formatPrice(2760, 'sek'))).toBe('2 760 kr'));
  it('eur in en-IE', () => expect(formatPrice(240, 'eur')).toBe('€240'));
  it('usd in en-US', () => expect(formatPrice(1264, 'usd')).toBe('$1,264'));
  it('no decimals even for fractional input', () => expect(formatPrice(239.6, 'eur')).toBe('€240'));
  it('zero', () => expect(formatPrice(0, 'usd')).toBe('$0'));
});
