/**
 * Dates as Rumo shows them: pt-PT or en-US, weeks starting on Monday. Built on date-fns (its
 * locales carry the month and weekday names); modules use these instead of formatting by hand.
 */
import { addDays, format, startOfWeek } from "date-fns";
import { enUS, pt } from "date-fns/locale";
import type { Language } from "~/i18n/language";

/** Weeks start on Monday everywhere in Rumo, whatever the language. */
export const WEEK_STARTS_ON = 1 as const;

const locales = { pt, en: enUS } as const;

/** The Monday that starts the week of `date` (local time). */
export const weekStart = (date: Date) => startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });

/** Weekday names Monday to Sunday in the language ("segunda-feira", … / "Monday", …). */
export function weekdayNames(language: Language, width: "long" | "short" = "long"): string[] {
  const monday = weekStart(new Date(2026, 0, 7));
  return Array.from({ length: 7 }, (_, i) => format(addDays(monday, i), width === "long" ? "EEEE" : "EEE", { locale: locales[language] }));
}

/** A date in the language's usual form: "22 de novembro de 2026" / "November 22, 2026". */
export const formatLongDate = (date: Date, language: Language) => format(date, "PPP", { locale: locales[language] });

/** The short numeric form: "22/11/2026" / "11/22/2026". */
export const formatShortDate = (date: Date, language: Language) => format(date, "P", { locale: locales[language] });

/** A month heading: "novembro de 2026" / "November 2026". */
export const formatMonthYear = (date: Date, language: Language) => format(date, language === "pt" ? "LLLL 'de' yyyy" : "LLLL yyyy", { locale: locales[language] });
