/**
 * The month-over-month table's words: its column headings and its changes as signed percentages in
 * the language's own form ("+20%", "-60%", "0%"; "+225.2%" in English). The compared days are
 * `formatDayRange` (~/lib/dates).
 */
import { intlLocale, type Language } from "~/i18n/language";
import { formatDayRange } from "~/lib/dates";
import { dateTimeFormat, numberFormat } from "~/lib/intl";

/** A change in percent (one decimal at most) with its sign; null (nothing before) is the caller's word. */
export function changeText(percent: number, language: Language): string {
  return numberFormat(intlLocale(language), { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(percent / 100);
}

const monthName = (month: string, language: Language) => {
  const name = dateTimeFormat(intlLocale(language), { month: "long", timeZone: "UTC" }).format(new Date(`${month}-15T12:00:00Z`));
  // Portuguese writes month names in lower case; as a column heading it starts with a capital.
  return name.charAt(0).toLocaleUpperCase(intlLocale(language)) + name.slice(1);
};

/**
 * The headings of the two amount columns: the months compared ("Dezembro", "Novembro"), or, while the
 * month is running, the days compared on each side ("1–6 de dezembro", "1–6 de novembro"). Fixed words
 * ("This month", "Previous month") said the wrong thing for a past month and hid that the running
 * month is compared up to today only.
 */
type Compared = { from: string; to: string; current: { from: string; to: string }; partial: boolean };
export function comparedColumns(analysis: { month: string; compared: Compared }, language: Language) {
  const { month, compared } = analysis;
  if (!compared.partial) return { current: monthName(month, language), previous: monthName(compared.from.slice(0, 7), language) };
  return {
    current: formatDayRange(compared.current.from, compared.current.to, language, "long"),
    previous: formatDayRange(compared.from, compared.to, language, "long"),
  };
}
