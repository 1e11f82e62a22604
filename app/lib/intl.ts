/**
 * Intl formatters made once per locale and options, shared by every render (the server's and the
 * browser's). Making one is far dearer than using it: on this machine's Node, 61 µs for a currency
 * NumberFormat and 120 µs for a DateTimeFormat against 1–2 µs per `format` call, four times that on
 * Lighthouse's phone. Screens that made one per amount or per date paid it for every row, in the
 * server's render and again in hydration.
 */

// Options come from code, but time zones come from users: on the server one isolate serves many,
// so the cache starts again past this size rather than growing without end.
const MAX_FORMATTERS = 500;
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;
const formatters = new Map<string, Formatter>();

function cached<T extends Formatter>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, (made = make()));
  }
  return made;
}

/** `new Intl.NumberFormat(locale, options)`, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, made once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.RelativeTimeFormat(locale, options)`, made once ("ontem", "há 5 minutos"). */
export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat {
  return cached(`r|${locale}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options));
}
