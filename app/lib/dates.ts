/**
 * Dates as Rumo shows them: pt-PT or en-US, weeks starting on Monday. Built on the platform's
 * Intl.DateTimeFormat (no date library or locale data in the page's JavaScript, decision 0042),
 * with the text date-fns gave before ("22 de novembro de 2026"; English without its ordinals, "November 22, 2026"); modules use
 * these instead of formatting by hand.
 *
 * These show calendar days: the day, month and year of `date` in local time (as a date built from
 * "YYYY-MM-DD" holds them), formatted in UTC so the result never depends on the runtime's time zone
 * (the Worker's UTC when rendering on the server, the browser's after hydration).
 */
import { localeOf, type Language } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

/** Weeks start on Monday everywhere in Rumo, whatever the language. */
export const WEEK_STARTS_ON = 1 as const;

const formatter = (language: Language, options: Intl.DateTimeFormatOptions) => dateTimeFormat(localeOf[language], { ...options, timeZone: "UTC" });

/** The calendar day of `date` (local fields) at noon UTC, for a formatter in UTC. */
const calendarDay = (date: Date) => new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), 12));

const format = (date: Date, language: Language, options: Intl.DateTimeFormatOptions) => formatter(language, options).format(calendarDay(date));

/** The Monday that starts the week of `date` (local time, at midnight). */
export const weekStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 7 - WEEK_STARTS_ON) % 7));

/**
 * Weekday names Monday to Sunday in the language ("segunda-feira", … / "Monday", …). The short form
 * is the long name's first three letters ("seg", "Mon"), as date-fns' abbreviations were: Intl's own
 * short pt-PT names are whole words ("segunda").
 */
export function weekdayNames(language: Language, width: "long" | "short" = "long"): string[] {
  // 2026-01-05 is a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const name = format(new Date(2026, 0, 5 + i), language, { weekday: "long" });
    return width === "long" ? name : name.slice(0, 3);
  });
}

/**
 * A date in the language's usual form: "22 de novembro de 2026" / "November 22, 2026", as Intl writes
 * it everywhere else in Rumo (the ordinal "22nd" date-fns gave read differently from the reminders,
 * the plan card and the cycle's predictions; decision 0070).
 */
export const formatLongDate = (date: Date, language: Language): string => format(date, language, { day: "numeric", month: "long", year: "numeric" });

/** The short numeric form: "22/11/2026" / "11/22/2026". */
export const formatShortDate = (date: Date, language: Language) => format(date, language, { day: "2-digit", month: "2-digit", year: "numeric" });

/** A month heading: "novembro de 2026" / "November 2026". */
export const formatMonthYear = (date: Date, language: Language) => format(date, language, { month: "long", year: "numeric" });

const RANGES = {
  short: { day: "numeric", month: "short" },
  long: { day: "numeric", month: "long" },
  full: { day: "numeric", month: "long", year: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * Two calendar days ("YYYY-MM-DD") as one range, joined as Intl joins them: "23/11 – 29/11" /
 * "Nov 23 – 29" (short), "6–12 de dezembro" / "December 6 – 12" (long), "1–6 de novembro de 2026" /
 * "November 1 – 6, 2026" (full); across months "29 de novembro – 4 de dezembro".
 */
export const formatDayRange = (from: string, to: string, language: Language, length: keyof typeof RANGES = "full") =>
  formatter(language, RANGES[length]).formatRange(new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`));
