/**
 * Self-care streak rules, pure: the only inputs are calendar dates (`YYYY-MM-DD`) already taken in
 * the user's time zone, so a daylight-saving night or a trip never shifts a check-in to another day.
 * Date arithmetic runs on UTC midnights, where every day has 24 hours.
 */

/** How often a routine is due: every day, or on chosen ISO weekdays (1 = Monday … 7 = Sunday). */
export type Schedule = { frequency: "daily" } | { frequency: "weekdays"; weekdays: readonly number[] };

/** How far back a check-in may be recorded (a day forgotten last week), counting today as 0. */
export const CHECK_IN_DAYS_BACK = 7;

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export { localDate } from "../../lib/time-zone";

export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => ((new Date(toUtc(date)).getUTCDay() + 6) % 7) + 1;

export const isScheduled = (schedule: Schedule, date: string) =>
  schedule.frequency === "daily" || schedule.weekdays.includes(isoWeekday(date));

/**
 * Whether a day strictly between `from` and `to` is due: one missed there ends a streak. Any 7 days
 * in a row hold every weekday, so only the first 7 need a look.
 */
export function dueBetween(schedule: Schedule, from: string, to: string): boolean {
  for (let day = addDays(from, 1), n = 0; day < to && n < 7; day = addDays(day, 1), n++) if (isScheduled(schedule, day)) return true;
  return false;
}

/** Whether a check-in may be recorded for `date` when the user's today is `today`: not in the future, at most 7 days back. */
export function checkInAllowed(date: string, today: string): boolean {
  const back = daysBetween(date, today);
  return back >= 0 && back <= CHECK_IN_DAYS_BACK;
}

/**
 * Consecutive days of practice up to today. Walking back from today: a day with a check-in adds
 * one (also an unscheduled day: doing more never hurts); a scheduled day without one ends the
 * streak, except today, which is not over yet; an unscheduled day without one is skipped.
 */
export function streakDays(schedule: Schedule, checkIns: Iterable<string>, today: string): number {
  const done = new Set(checkIns);
  let earliest = today;
  for (const day of done) if (day < earliest) earliest = day;
  let streak = 0;
  for (let day = today; day >= earliest; day = addDays(day, -1)) {
    if (done.has(day)) streak += 1;
    else if (day !== today && isScheduled(schedule, day)) break;
  }
  return streak;
}

/** The longest run over the whole history (same rules, ending on any day up to today). */
export function longestStreak(schedule: Schedule, checkIns: Iterable<string>, today: string): number {
  const days = [...new Set(checkIns)].filter((d) => d <= today).sort();
  if (!days.length) return 0;
  const done = new Set(days);
  let longest = 0;
  let run = 0;
  for (let day = days[0]; day <= today; day = addDays(day, 1)) {
    if (done.has(day)) longest = Math.max(longest, ++run);
    else if (day !== today && isScheduled(schedule, day)) run = 0;
  }
  return longest;
}

/** Whether `value` is a real calendar date `YYYY-MM-DD` (not 2026-02-30). */
export const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && fromUtc(toUtc(value)) === value;
