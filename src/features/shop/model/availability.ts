import type { PrintsRecord } from '@/lib/pocketbase/types.gen';

/** "Edition of 30 · 12 available" (or "Sold out"): stock is the server's. */
export function availabilityText(print: Pick<PrintsRecord, 'edition_size' | 'available'>): string {
  const left = print.available > 0 ? `${print.available} available` : 'Sold out';
  return `Edition of ${print.edition_size} · ${left}`;
}
