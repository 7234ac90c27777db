// Intl formatters, made once per locale and options. Making one is the costly part: the first
// Intl object of a page loads ICU's data (a ~15 ms task on a fast machine, 60 ms on a 4x slower
// phone), and each new locale or kind costs a few ms more. Made during hydration, inside a
// component's render, that was part of one long task per page (Lighthouse traces: the
// footer's year, a price, a post's date); now each is made once, and src/start.tsx makes the
// page's first ones in a task of their own before React starts.

const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

/** The formatter `cache` keeps for `locale` and `options`, made by `make` the first time. */
function once<T>(cache: Map<string, T>, locale: string, options: object, make: () => T): T {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = cache.get(key);
  if (!made) {
    made = make();
    cache.set(key, made);
  }
  return made;
}

/** `new Intl.NumberFormat(locale, options)`, made once for each locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return once(numbers, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, made once for each locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once(dates, locale, options, () => new Intl.DateTimeFormat(locale, options));
}
