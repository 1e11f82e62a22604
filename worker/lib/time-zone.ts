// One formatter per zone: building one costs far more than formatting (scheduling calls this often).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock parts of an instant in an IANA time zone (Intl, no library). */
export function zonedParts(date: Date, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") };
}

const DAY_MS = 86_400_000;

/** Offset (local minus UTC, ms) of `timeZone` at instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const p = zonedParts(new Date(ms), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a reading `wall` of the local clock of `timeZone` names (`wall`: that reading as if it
 * were UTC, in ms). A reading repeated by a fold takes its first occurrence, one skipped by a gap
 * moves forward by the gap (Temporal's "compatible", RFC 5545 §3.3.5). The offsets a day either side
 * cover both sides of any change near it (zones change at most once within two days), as
 * worker/modules/tasks/scheduling.ts `zonedToUtc` does.
 */
export function instantOfWallClock(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY_MS, timeZone);
  const offsets = new Set([before, offsetAt(wall, timeZone), offsetAt(wall + DAY_MS, timeZone)]);
  const valid = [...offsets].map((o) => wall - o).filter((t) => t + offsetAt(t, timeZone) === wall);
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}

/** The reading of the local clock of `timeZone` at instant `ms`, as a UTC ms count (the inverse of `instantOfWallClock`). */
export const wallClockOf = (ms: number, timeZone: string): number => ms + offsetAt(ms, timeZone);

/**
 * The instant local day `date` (YYYY-MM-DD) begins in `timeZone`: its midnight at the offset of that
 * midnight, not of another moment (a DST change day is 23 or 25 hours long); a midnight repeated by
 * a fold takes its first occurrence, one skipped by a gap moves forward to when the day starts.
 */
export function startOfDate(date: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(instantOfWallClock(Date.UTC(year, month - 1, day), timeZone));
}

/**
 * The same time on the local clock `days` whole days before `now` (negative: after). Across a
 * clock change that is 23 or 25 hours a day, not 24: a period "since this time yesterday" neither
 * skips nor repeats the changed hour.
 */
export const sameClockDaysBefore = (now: Date, days: number, timeZone: string): Date =>
  new Date(instantOfWallClock(wallClockOf(now.getTime(), timeZone) - days * DAY_MS, timeZone));

/** The instant at which the local day containing `date` began in `timeZone`. */
export const startOfLocalDay = (date: Date, timeZone: string): Date => startOfDate(localDate(date, timeZone), timeZone);

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/** Whether local time in `timeZone` falls in [start, end) of "HH:MM" quiet hours (may wrap past midnight). */
export function inQuietHours(now: Date, timeZone: string, start: string | null, end: string | null): boolean {
  if (!start || !end || start === end) return false;
  const p = zonedParts(now, timeZone);
  const minute = p.hour * 60 + p.minute;
  const [s, e] = [minutesOf(start), minutesOf(end)];
  return s < e ? minute >= s && minute < e : minute >= s || minute < e;
}

/** The calendar date of `now` on the user's wall clock. */
export function localDate(now: Date, timeZone: string): string {
  const p = zonedParts(now, timeZone);
  return `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}
