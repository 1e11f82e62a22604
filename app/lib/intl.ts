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

// Thin (U+2009) and narrow no-break (U+202F) spaces: which of them an engine writes in a date
// depends on its ICU and its own patches. The Worker's V8 writes "November 1\u2009–\u20096" and
// "9:00\u2009–\u200911:00\u202fAM" where Chromium writes plain spaces, and a server-rendered text
// that differs from the browser's by one space is a hydration error (React #418), after which React
// renders the whole page again in the browser.
const ENGINE_SPACES = /[\u2009\u202f]/g;

/**
 * A DateTimeFormat whose `format` and `formatRange` write plain spaces, so the server and every
 * browser write the same text. Still a real DateTimeFormat (`formatToParts`, `resolvedOptions`), and
 * `format` stays bound as the platform's is (`dates.map(f.format)` works).
 */
class PlainSpacedDateTimeFormat extends Intl.DateTimeFormat {
  constructor(locale: string, options: Intl.DateTimeFormatOptions) {
    super(locale, options);
    const format = super.format;
    // `format` is a getter on the prototype: an own value shadows it (an assignment would throw).
    Object.defineProperty(this, "format", { value: (date?: Date | number) => format(date).replace(ENGINE_SPACES, " ") });
  }

  override formatRange(start: Date | number | bigint, end: Date | number | bigint): string {
    return super.formatRange(start, end).replace(ENGINE_SPACES, " ");
  }
}

/** `new Intl.DateTimeFormat(locale, options)`, made once, writing plain spaces. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new PlainSpacedDateTimeFormat(locale, options));
}

/** `new Intl.RelativeTimeFormat(locale, options)`, made once ("ontem", "há 5 minutos"). */
export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions = {}): Intl.RelativeTimeFormat {
  return cached(`r|${locale}|${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options));
}
