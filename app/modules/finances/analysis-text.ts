/**
 * The month-over-month table's changes as signed percentages in the language's own form ("+20%",
 * "-60%", "0%"; "+225.2%" in English). The compared days are `formatDayRange` (~/lib/dates).
 */
import { intlLocale, type Language } from "~/i18n/language";
import { numberFormat } from "~/lib/intl";

/** A change in percent (one decimal at most) with its sign; null (nothing before) is the caller's word. */
export function changeText(percent: number, language: Language): string {
  return numberFormat(intlLocale(language), { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(percent / 100);
}
