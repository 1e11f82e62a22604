/**
 * The self-care history's calendar, pure: whole weeks, Monday to Sunday (weeks start on Monday in
 * Rumo), the last of them today's, and what each day was for a routine.
 */
import { addDays, isoWeekday, isScheduled, type Schedule } from "@worker/modules/selfCare/streaks";

/** Weeks the history shows, today's the last. */
export const HISTORY_WEEKS = 5;

/** The Monday of `date`'s week. */
export const mondayOf = (date: string) => addDays(date, -(isoWeekday(date) - 1));

/** The first day the history shows: the Monday `weeks - 1` weeks before today's. */
export const historyStart = (today: string, weeks = HISTORY_WEEKS) => addDays(mondayOf(today), -7 * (weeks - 1));

/** The history's weeks, oldest first, each its seven dates Monday to Sunday (today's week runs past today). */
export const historyWeeks = (today: string, weeks = HISTORY_WEEKS): string[][] =>
  Array.from({ length: weeks }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(historyStart(today, weeks), w * 7 + d)));

/**
 * What a day was for a routine: done; counted part of the way (a routine done several times a day,
 * decision 0117, revised: "5 de 8", not done and not nothing); missed (due, not done, and over);
 * today, still to do; not scheduled (a weekday routine's other days, never a miss); before the
 * routine existed (not a miss either); or still to come.
 */
export type DayState = "done" | "partial" | "missed" | "pending" | "free" | "before" | "future";

/**
 * `since` is the first day the routine was due: its creation day in the user's zone, or an earlier
 * day checked in back to it (as the weekly report counts). `partial`: the days counted part of the
 * way, with their counts (worker/modules/selfCare/counts.ts countsInProgress).
 */
export function dayState(day: string, routine: { schedule: Schedule; done: ReadonlySet<string>; since: string; partial?: Readonly<Record<string, number>> }, today: string): DayState {
  if (day > today) return "future";
  if (routine.done.has(day)) return "done";
  if ((routine.partial?.[day] ?? 0) > 0) return "partial";
  if (day < routine.since) return "before";
  if (!isScheduled(routine.schedule, day)) return "free";
  return day === today ? "pending" : "missed";
}
