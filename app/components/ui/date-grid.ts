/**
 * The date picker's logic, free of React: calendar days as "YYYY-MM-DD" strings (the API's date
 * form), month grids with Monday first, keyboard moves and typed-input validation. Arithmetic runs
 * in UTC so a day never shifts with the browser's time zone or a DST change.
 */
import type { Language } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

export type IsoDate = string;
export type DayCell = { date: IsoDate; day: number; inMonth: boolean };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const toUtc = (iso: IsoDate) => {
  const [, y, m, d] = ISO_DATE.exec(iso)!;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
};
const fromUtc = (date: Date): IsoDate => date.toISOString().slice(0, 10);

/** Whether `text` is a real calendar day written as YYYY-MM-DD ("2026-02-30" is not). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonth(y, m);
}

/** Whether `text` is a time of day written as HH:mm (24-hour). */
export const isTime = (text: string) => TIME.test(text);

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const addDays = (iso: IsoDate, days: number): IsoDate => {
  const date = toUtc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
};

/** The same day `months` later, kept inside the month: 31 January + 1 month → 28 (or 29) February. */
export function addMonths(iso: IsoDate, months: number): IsoDate {
  const [y, m, d] = iso.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return isoOf(year, month, Math.min(d, daysInMonth(year, month)));
}

export const isoOf = (year: number, month: number, day: number): IsoDate =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** 0 for Monday … 6 for Sunday. */
const mondayIndex = (iso: IsoDate) => (toUtc(iso).getUTCDay() + 6) % 7;

export const startOfWeek = (iso: IsoDate) => addDays(iso, -mondayIndex(iso));
export const endOfWeek = (iso: IsoDate) => addDays(iso, 6 - mondayIndex(iso));

/**
 * The weeks shown for a month, Monday to Sunday, padded with the neighbouring months' days. Always
 * six rows, so the popover does not change height while paging through months.
 */
export function monthGrid(year: number, month: number): DayCell[][] {
  let day = startOfWeek(isoOf(year, month, 1));
  const weeks: DayCell[][] = [];
  for (let w = 0; w < 6; w++) {
    const week: DayCell[] = [];
    for (let i = 0; i < 7; i++) {
      const [y, m, d] = day.split("-").map(Number);
      week.push({ date: day, day: d, inMonth: y === year && m === month });
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

export type Bounds = { min?: IsoDate; max?: IsoDate };

/** ISO dates compare correctly as strings. */
export const isOutside = (iso: IsoDate, { min, max }: Bounds) => (min !== undefined && iso < min) || (max !== undefined && iso > max);

export const clamp = (iso: IsoDate, { min, max }: Bounds): IsoDate => (min !== undefined && iso < min ? min : max !== undefined && iso > max ? max : iso);

/**
 * Where the focused day goes for a key of the WAI-ARIA date-picker pattern: arrows by a day or a
 * week, PageUp/PageDown by a month (with Shift, a year), Home/End to the week's Monday/Sunday.
 * Null for any other key. The result stays within min/max.
 */
export function moveFocus(iso: IsoDate, key: string, shiftKey: boolean, bounds: Bounds = {}): IsoDate | null {
  const moves: Record<string, () => IsoDate> = {
    ArrowLeft: () => addDays(iso, -1),
    ArrowRight: () => addDays(iso, 1),
    ArrowUp: () => addDays(iso, -7),
    ArrowDown: () => addDays(iso, 7),
    PageUp: () => addMonths(iso, shiftKey ? -12 : -1),
    PageDown: () => addMonths(iso, shiftKey ? 12 : 1),
    Home: () => startOfWeek(iso),
    End: () => endOfWeek(iso),
  };
  const move = moves[key];
  return move ? clamp(move(), bounds) : null;
}

export type DateParseResult = { ok: true; value: IsoDate } | { ok: false; reason: "empty" | "invalid" | "before_min" | "after_max" };

/**
 * Reads a typed date: the ISO form always, and the language's short form ("25/12/2026" in
 * Portuguese, "12/25/2026" in English; "-" and "." also separate). Impossible days are rejected.
 */
export function parseTypedDate(text: string, language: Language, bounds: Bounds = {}): DateParseResult {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  let value: IsoDate | null = null;
  if (ISO_DATE.test(trimmed)) value = trimmed;
  else {
    const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
    if (match) {
      const [a, b, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const [day, month] = language === "en" ? [b, a] : [a, b];
      if (month >= 1 && month <= 12 && day >= 1) value = isoOf(year, month, day);
    }
  }
  if (value === null || !isIsoDate(value)) return { ok: false, reason: "invalid" };
  if (bounds.min !== undefined && value < bounds.min) return { ok: false, reason: "before_min" };
  if (bounds.max !== undefined && value > bounds.max) return { ok: false, reason: "after_max" };
  return { ok: true, value };
}

/** The short form people type, for showing a value in the text box: "25/12/2026" / "12/25/2026". */
export function formatTypedDate(iso: IsoDate, language: Language): string {
  const [y, m, d] = iso.split("-");
  return language === "en" ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

/** A local Date for a calendar day (noon, so formatting in any zone shows the same day). */
export const dateOf = (iso: IsoDate) => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y, m - 1, d, 12);
};

/** Today as YYYY-MM-DD in `timeZone` (the account's, where there is one), else in the browser's zone. */
export function todayIso(now = new Date(), timeZone?: string): IsoDate {
  if (timeZone !== undefined) return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return isoOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/**
 * Reads a typed time as HH:mm: "9:30", "09:30", "0930", "9h30", "9h" and "21" are accepted, and a
 * 12-hour clock in either language ("3pm", "3:30 PM", "12 a.m."); 24:00, 12:60 and "13pm" are
 * not. Null when the text is no time of day.
 */
export function parseTypedTime(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  const match = /^(\d{1,2})(?:[:h.]?(\d{2}))?h?\s*(?:(a|p)\.?\s*m\.?)?$/.exec(trimmed);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  const half = match[3];
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === "p" ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** "HH:mm" as a person of the language writes it: "15:30" in Portuguese, "3:30 PM" in English (decision 0070). */
export function formatTypedTime(value: string, language: Language): string {
  if (language !== "en") return value;
  const [hours, minutes] = value.split(":").map(Number);
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return value;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}
