// Progress arithmetic for the dashboard, /my-courses and the video player.

import { numberFormat } from '@/lib/intl/formatters';

/** Video position is saved on even whole seconds only (and once per second). */
export function positionToSave(currentTime: number, lastSaved: number | undefined): number | undefined {
  const whole = Math.floor(currentTime);
  if (whole <= 0 || whole % 2 !== 0 || whole === lastSaved) return undefined;
  return whole;
}

export interface ChapterLike {
  id: string;
  sort_order: number;
}

/** "N of total chapters": chapters really completed. */
export function completedChapterCount(chapters: ChapterLike[], completed: ReadonlySet<string>): number {
  return chapters.filter((c) => completed.has(c.id)).length;
}

/** Rounded percent 0..100. */
export function percent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((done / total) * 100)));
}

export interface LessonLike {
  id: string;
  module_id: string;
  kind: 'intro' | 'task' | '';
  task_id: string;
}

/**
 * Completed lessons: an intro lesson with its chapter, a task lesson with its tick
 * (the same rule the server uses to derive lesson_progress, so it also works offline).
 */
export function completedLessonCount(
  lessons: LessonLike[],
  completedChapters: ReadonlySet<string>,
  tickedTasks: ReadonlySet<string>,
): number {
  return lessons.filter((l) => (l.kind === 'task' ? tickedTasks.has(l.task_id) : completedChapters.has(l.module_id)))
    .length;
}

/** Chapter number as shown: 01, 02, ... */
export const chapterNumber = (sortOrder: number) => String(sortOrder).padStart(2, '0');

/** Price as the dashboard shows it: price_cents / 100, no decimals. */
export function coursePrice(priceCents: number, currency: string): string {
  const cur = (currency || 'usd').toUpperCase();
  const locale = cur === 'SEK' ? 'sv-SE' : cur === 'EUR' ? 'en-IE' : 'en-US';
  return numberFormat(locale, {
    style: 'currency',
    currency: cur,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(Math.floor(priceCents / 100));
}

/**
 * A chapter's text as the page shows it under its lead sentence (the description): a text that
 * opens with that same sentence would say it twice, so the repeat is left out.
 */
export function chapterBody(content: string, lead: string): string {
  const text = content.trim();
  const first = lead.trim();
  if (!first || !text.startsWith(first)) return text;
  const rest = text.slice(first.length);
  // only a whole first paragraph or sentence counts as the repeat, not a longer one that starts alike
  return /^(\s*\n|\s*$)/.test(rest) ? rest.trim() : text;
}
