// Drop countdown rules: release time from ?release= (when a valid date),
// else the drop record, else the default; shown in Europe/Stockholm; ticks every second
// (lib/ssr/use-now.ts).

import { dateTimeFormat } from '@/lib/intl/formatters';

export const DEFAULT_DROP_SLUG = 'print-drop';
/** The default release: 2025-12-01 10:00 at +01:00 (Stockholm time). */
export const DEFAULT_RELEASE = new Date('2025-12-01T10:00:00+01:00');
const DISPLAY_TIME_ZONE = 'Europe/Stockholm';
const DROP_TITLE_MAX = 60;

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The release time is reached: the drop is live. */
  ended: boolean;
}

/** A `?release=` value as a date, or null when missing or not a valid date. */
export function parseReleaseParam(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const raw = String(value).trim();
  if (!raw) return null;
  const d = new Date(raw);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The release that applies: a valid override, else the record's, else the default. */
export function resolveRelease(override: unknown, recordReleaseAt?: string | null): Date {
  const fromParam = parseReleaseParam(override);
  if (fromParam) return fromParam;
  const fromRecord = recordReleaseAt ? parseReleaseParam(recordReleaseAt.replace(' ', 'T')) : null;
  return fromRecord ?? DEFAULT_RELEASE;
}

export function timeLeft(now: Date | number, release: Date): TimeLeft {
  const ms = release.getTime() - (typeof now === 'number' ? now : now.getTime());
  if (ms <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true };
  const total = Math.ceil(ms / 1000);
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    ended: false,
  };
}

/** "1 December 2025, 10:00 (Stockholm time)" */
export function formatRelease(release: Date, locale = 'en-GB'): string {
  const text = dateTimeFormat(locale, {
    timeZone: DISPLAY_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(release);
  return `${text} (Stockholm time)`;
}

/** The drop page title is limited to 60 characters. */
export function dropTitle(title: string): string {
  const t = title.trim();
  return t.length <= DROP_TITLE_MAX ? t : `${t.slice(0, DROP_TITLE_MAX - 1).trimEnd()}…`;
}

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * When the drop closes: the record's ends_at, moved along with a `?release=` preview (the same
 * length after the release); null for a drop without an end.
 */
export function resolveEnd(release: Date, recordReleaseAt?: string | null, recordEndsAt?: string | null): Date | null {
  const ends = recordEndsAt ? parseReleaseParam(recordEndsAt.replace(' ', 'T')) : null;
  if (!ends) return null;
  const recordRelease = recordReleaseAt ? parseReleaseParam(recordReleaseAt.replace(' ', 'T')) : null;
  const length = Math.max(0, ends.getTime() - (recordRelease ?? DEFAULT_RELEASE).getTime());
  return new Date(release.getTime() + length);
}
