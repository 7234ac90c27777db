import { queryOptions } from '@tanstack/react-query';
import { Collections } from '@/lib/contract/contract.gen';
import { valueMirror } from '@/lib/offline/mirror';
import { pb } from '@/lib/pocketbase/client';
import type { ExchangeRatesRecord } from '@/lib/pocketbase/types.gen';
import { FALLBACK_RATES, type Rates } from '../model/price';

export interface RatesState {
  rates: Rates;
  /** live: just read from the server; cached: the copy saved on this device; fallback: the built-in rates. */
  source: 'live' | 'cached' | 'fallback';
  fetchedAt: string | null;
}

const mirror = valueMirror<{ rates: Rates; fetchedAt: string | null }>('exchange-rates');

function fromRecords(records: ExchangeRatesRecord[]): { rates: Rates; fetchedAt: string | null } | null {
  const sek = records.find((r) => r.currency === 'SEK')?.rate;
  const usd = records.find((r) => r.currency === 'USD')?.rate;
  if (!sek || !usd) return null;
  const fetchedAt =
    records
      .map((r) => r.fetched_at)
      .sort()
      .at(-1) ?? null;
  return { rates: { sek, usd }, fetchedAt };
}

/**
 * EUR-based rates the server refreshes every 30 minutes, mirrored for offline use. Never
 * fails: without the server's rates it answers the saved copy, else the fallback rates
 * (the page then says "Using cached rates").
 */
export const exchangeRatesQueryOptions = () =>
  queryOptions({
    queryKey: [Collections.ExchangeRates] as const,
    networkMode: 'always',
    staleTime: 30 * 60 * 1000,
    queryFn: async (): Promise<RatesState> => {
      try {
        const records = await pb
          .collection(Collections.ExchangeRates)
          .getFullList<ExchangeRatesRecord>({ filter: "base = 'EUR'" });
        const live = fromRecords(records);
        if (live) {
          await mirror.write(live).catch(() => undefined);
          return { ...live, source: 'live' };
        }
      } catch {
        // offline or server trouble: fall through to the saved copy
      }
      const saved = await mirror.read().catch(() => undefined);
      if (saved) return { ...saved, source: 'cached' };
      return { rates: FALLBACK_RATES, source: 'fallback', fetchedAt: null };
    },
  });

/**
 * Whether a server render hands these rates to the browser: only the server's own. Without
 * them the browser asks itself, and may still have a saved copy from an earlier visit.
 */
export function ratesWorthSending(data: unknown): boolean {
  return (data as RatesState | undefined)?.source === 'live';
}

/** Saves rates that came with a server-rendered page, as reading them here would have. */
export function keepServerRates(data: RatesState | undefined): void {
  if (data?.source === 'live')
    void mirror.write({ rates: data.rates, fetchedAt: data.fetchedAt }).catch(() => undefined);
}

export const FALLBACK_RATES_STATE: RatesState = { rates: FALLBACK_RATES, source: 'fallback', fetchedAt: null };
