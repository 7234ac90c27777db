import { dateTimeFormat } from '@/lib/intl/formatters';

/** "20 January 2026" from a PocketBase date ("2026-01-20 10:00:00.000Z"); '' when empty. */
export function formatPostDate(value: string | null | undefined, locale = 'en-GB'): string {
  if (!value) return '';
  const d = new Date(value.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) return '';
  return dateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Stockholm',
  }).format(d);
}

/** Machine-readable date for <time dateTime>. */
export function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
