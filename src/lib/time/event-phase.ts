// Events with dates (a print drop, an exhibition) are upcoming, on, or ended, by the dates in
// their records: a page never calls a drop "live" or offers an invitation after the event.

import { dateTimeFormat } from '@/lib/intl/formatters';

export type EventPhase = 'upcoming' | 'on' | 'ended';

/** A PocketBase date ("2025-10-26 16:00:00.000Z") as a Date; null when empty or unreadable. */
export function recordDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Before `starts` it is upcoming; from `ends` on it has ended; a missing end never comes. */
export function eventPhase(now: number, starts: Date | null, ends: Date | null): EventPhase {
  if (starts && now < starts.getTime()) return 'upcoming';
  if (ends && now >= ends.getTime()) return 'ended';
  return 'on';
}

/** "26 October 2025", the day in Stockholm. */
export function formatDay(date: Date): string {
  return dateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Stockholm',
  }).format(date);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An exhibition's dates from its record: it opens at opens_at and closes at closes_at; one
 * without a closing date is over a day after its opening.
 */
export function exhibitionDates(record: { opens_at?: string; closes_at?: string }): {
  opens: Date | null;
  closes: Date | null;
} {
  const opens = recordDate(record.opens_at);
  const closes = recordDate(record.closes_at) ?? (opens ? new Date(opens.getTime() + DAY_MS) : null);
  return { opens, closes };
}
