import { zonedParts } from "../../lib/time-zone";

/** The user's calendar day at `now`, in their time zone (what "today" and "the future" mean for a log). */
export function localToday(now: Date, timeZone: string) {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}
