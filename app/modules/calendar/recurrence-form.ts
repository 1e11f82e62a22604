/**
 * The event dialog's recurrence editor state and its RRULE, both ways (tested in
 * recurrence-form.test.ts). The editor offers what the product promises: daily, weekly on days,
 * monthly by day or by "second Tuesday", yearly, with COUNT or UNTIL; any other rule (imported)
 * is kept as it is and shown as "custom".
 */
import { addDays, wallOf, weekdayOf } from "./layout";

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Repeat = {
  freq: "NONE" | "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY" | "CUSTOM";
  interval: number;
  days: Weekday[];
  /** Monthly: by the start's day of the month, or by its weekday's place in the month (2TU, -1FR). */
  monthlyBy: "monthDay" | "weekday";
  ends: "never" | "count" | "until";
  count: number;
  /** YYYY-MM-DD, the last local date an occurrence may start on. */
  until: string;
  /** The rule as given, for CUSTOM. */
  raw: string | null;
};

export const NO_REPEAT: Repeat = { freq: "NONE", interval: 1, days: [], monthlyBy: "monthDay", ends: "never", count: 10, until: "", raw: null };

/** Which "nth weekday" a date is in its month: 1..4, or -1 when it is the last one (5th). */
export function weekdayPosition(date: string): { nth: number; day: Weekday } {
  const day = WEEKDAYS[weekdayOf(date)];
  const dom = Number(date.slice(8, 10));
  const nth = Math.ceil(dom / 7);
  return { nth: nth >= 5 ? -1 : nth, day };
}

/**
 * The date a new series starts on: `startDate`, or, when a weekly rule's ticked days leave out the
 * start's own weekday, the first ticked day after it. A series starts on one of its own days
 * (RFC 5545 keeps DTSTART in step with the rule, and the recurrence library leaves a start that is
 * not out of the series): without the move, the event would not be on the date the dialog showed,
 * nor anywhere that week before its first ticked day.
 */
export function firstDateOf(repeat: Repeat, startDate: string): string {
  if (repeat.freq !== "WEEKLY" || repeat.days.length === 0) return startDate;
  for (let i = 0; i < 7; i++) {
    const date = addDays(startDate, i);
    if (repeat.days.includes(WEEKDAYS[weekdayOf(date)])) return date;
  }
  return startDate;
}

/**
 * The RRULE of the editor's state for an event starting on local `startDate`; null when it does
 * not repeat. UNTIL: an all-day event takes the date; a timed one the end of that local day in
 * UTC (`untilInstant`, computed by the caller in the event's zone).
 */
export function toRrule(repeat: Repeat, startDate: string, untilInstant?: string): string | null {
  if (repeat.freq === "NONE") return null;
  if (repeat.freq === "CUSTOM") return repeat.raw;
  const parts = [`FREQ=${repeat.freq}`];
  if (repeat.interval > 1) parts.push(`INTERVAL=${repeat.interval}`);
  if (repeat.freq === "WEEKLY") {
    const days = repeat.days.length ? [...repeat.days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)) : [WEEKDAYS[weekdayOf(startDate)]];
    parts.push(`BYDAY=${days.join(",")}`);
  }
  if (repeat.freq === "MONTHLY") {
    if (repeat.monthlyBy === "weekday") {
      const { nth, day } = weekdayPosition(startDate);
      parts.push(`BYDAY=${nth}${day}`);
    } else parts.push(`BYMONTHDAY=${Number(startDate.slice(8, 10))}`);
  }
  if (repeat.ends === "count") parts.push(`COUNT=${Math.max(1, Math.floor(repeat.count))}`);
  if (repeat.ends === "until" && repeat.until) parts.push(`UNTIL=${untilInstant ?? repeat.until.replaceAll("-", "")}`);
  return parts.join(";");
}

/**
 * The editor's state for a stored rule (CUSTOM when the editor cannot show it). A UTC UNTIL is read
 * on the wall clock of the event's `timeZone`: toRrule writes the end of the local day, which west
 * of Greenwich is already the next day in UTC.
 */
export function fromRrule(rrule: string | null, timeZone: string): Repeat {
  if (!rrule) return NO_REPEAT;
  const map = new Map(rrule.split(";").map((p) => p.split("=") as [string, string]));
  const custom = { ...NO_REPEAT, freq: "CUSTOM" as const, raw: rrule };
  const freq = map.get("FREQ");
  if (freq !== "DAILY" && freq !== "WEEKLY" && freq !== "MONTHLY" && freq !== "YEARLY") return custom;
  const known = new Set(["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "WKST"]);
  if ([...map.keys()].some((k) => !known.has(k))) return custom;
  const repeat: Repeat = { ...NO_REPEAT, freq, interval: Number(map.get("INTERVAL") ?? 1) || 1 };
  const byDay = map.get("BYDAY");
  if (freq === "WEEKLY" && byDay) {
    const days = byDay.split(",");
    if (!days.every((d) => (WEEKDAYS as readonly string[]).includes(d))) return custom;
    repeat.days = days as Weekday[];
  } else if (freq === "MONTHLY" && byDay) {
    if (!/^-?\d[A-Z]{2}$/.test(byDay) || map.has("BYMONTHDAY")) return custom;
    repeat.monthlyBy = "weekday";
  } else if (byDay) return custom;
  if (map.has("BYMONTHDAY") && freq !== "MONTHLY") return custom;
  if (map.has("COUNT")) {
    repeat.ends = "count";
    repeat.count = Number(map.get("COUNT"));
  } else if (map.has("UNTIL")) {
    const u = map.get("UNTIL")!;
    repeat.ends = "until";
    const date = `${u.slice(0, 4)}-${u.slice(4, 6)}-${u.slice(6, 8)}`;
    repeat.until = /^\d{8}T\d{6}Z$/.test(u) ? wallOf(`${date}T${u.slice(9, 11)}:${u.slice(11, 13)}:${u.slice(13, 15)}Z`, timeZone).date : date;
  }
  return repeat;
}
