import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PrintsRecord } from '@/lib/pocketbase/types.gen';
import { exchangeRatesQueryOptions, FALLBACK_RATES_STATE, type RatesState } from '../api/exchange-rates';
import { printsQueryOptions } from '../api/prints';
import type { Currency } from '../model/currency';
import { unitPrice } from '../model/price';
import { useCurrency } from '../store';

/** Selected currency, current rates (never missing) and a price function for prints. */
export function useShopPricing(): { currency: Currency; rates: RatesState; priceOf: (print: PrintsRecord) => number } {
  const currency = useCurrency();
  const { data } = useQuery(exchangeRatesQueryOptions());
  const rates = data ?? FALLBACK_RATES_STATE;
  const priceOf = useMemo(
    () => (print: PrintsRecord) => unitPrice(print, currency, rates.rates),
    [currency, rates.rates],
  );
  return { currency, rates, priceOf };
}

/** The active prints if they are loaded (for repricing the cart), keyed by id. */
export function useKnownPrints(): ReadonlyMap<string, PrintsRecord> {
  const { data } = useQuery({ ...printsQueryOptions(), staleTime: 5 * 60 * 1000 });
  return useMemo(() => new Map((data ?? []).map((p) => [p.id, p])), [data]);
}
