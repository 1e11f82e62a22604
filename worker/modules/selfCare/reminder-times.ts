/**
 * When a routine's reminder is due, pure (docs/decisions/0099): on each day the routine is due
 * (./streaks.ts), at its local time of day in the account's zone. The wall-clock reading is turned
 * into an instant with that day's own offset (worker/lib/time-zone.ts), so a reminder at 08:00
 * stays at 08:00 across a daylight-saving change; a time the change skips comes at the first
 * minute after the gap, a time it repeats the first time round.
 */
import { instantOfWallClock, localDate } from "../../lib/time-zone";
import { addDays, isScheduled, type Schedule } from "./streaks";

/** A reminder's time of day as the API takes it: "HH:MM", 00:00 to 23:59. */
export const REMINDER_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The instant `date` (YYYY-MM-DD) reads `time` ("HH:MM") on the clock of `timeZone` (UTC ms). */
export function reminderInstant(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return instantOfWallClock(Date.UTC(year, month - 1, day, hour, minute), timeZone);
}

/**
 * The routine's first reminder strictly after `afterMs` (UTC ms), or null without a reminder time
 * (or a weekday routine with no weekday, which is never due). Any 8 days in a row from the local
 * day of `afterMs` hold every weekday and a later time than `afterMs` on the last one.
 */
export function nextReminderAt(schedule: Schedule, time: string | null, timeZone: string, afterMs: number): number | null {
  if (time === null) return null;
  const today = localDate(new Date(afterMs), timeZone);
  for (let i = 0; i <= 8; i++) {
    const day = addDays(today, i);
    if (!isScheduled(schedule, day)) continue;
    const at = reminderInstant(day, time, timeZone);
    if (at > afterMs) return at;
  }
  return null;
}

/** The local day (in `timeZone`) a reminder at `atMs` is for: the day whose routine it asks about. */
export const reminderDay = (atMs: number, timeZone: string) => localDate(new Date(atMs), timeZone);
