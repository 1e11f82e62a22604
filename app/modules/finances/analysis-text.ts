/**
 * The month-over-month table's words: which days the month is compared with, and each change as a
 * signed percentage in the language's own form ("+20%", "−60%", "0%"; "+225.2%" in English).
 */
import { intlLocale, type Language } from "~/i18n/language";
import { dateTimeFormat, numberFormat } from "~/lib/intl";

const dayAt = (date: string) => new Date(`${date}T12:00:00Z`);

/** "1–6 de novembro de 2026" / "November 1 – 6, 2026": the compared days, as one range. */
export function comparedDays(range: { from: string; to: string }, language: Language): string {
  return dateTimeFormat(intlLocale(language), { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).formatRange(dayAt(range.from), dayAt(range.to));
}

/** A change in percent (one decimal at most) with its sign; null (nothing before) is the caller's word. */
export function changeText(percent: number, language: Language): string {
  return numberFormat(intlLocale(language), { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(percent / 100);
}
