/**
 * The dates of a recurring transaction ("Movimentos fixos", docs/decisions/0116). Every date is
 * computed from the start date (the anchor), never from the date before it: a salary on the 31st
 * falls on 28 (or 29) February and on 31 March again, never drifting to the 28th; a yearly rule
 * started on 29 February falls on 28 February in the other years. Weekly is every 7 days.
 */
import { addDays, addMonths } from "~/components/ui/date-grid";
import type { RecurringTransaction } from "./queries";

export type Frequency = RecurringTransaction["frequency"];

/** The `n`-th occurrence (0 is the start date itself). */
export function occurrence(start: string, frequency: Frequency, n: number): string {
  if (frequency === "weekly") return addDays(start, 7 * n);
  return addMonths(start, frequency === "monthly" ? n : 12 * n);
}

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Which occurrence `date` is, when it is one of the rule's (the dates are written from these). */
function indexOf(start: string, frequency: Frequency, date: string): number {
  if (frequency === "weekly") return Math.round((dayNumber(date) - dayNumber(start)) / 7);
  const months = monthIndex(date) - monthIndex(start);
  return frequency === "monthly" ? months : Math.floor(months / 12);
}

/** The occurrence after `date` (itself an occurrence of the rule). */
export const occurrenceAfter = (start: string, frequency: Frequency, date: string) => occurrence(start, frequency, indexOf(start, frequency, date) + 1);

/** At most this many occurrences are written for one rule at a time; the next run writes the rest. */
export const MAX_OCCURRENCES_AT_ONCE = 60;

/**
 * The occurrences from `next` (the first not written yet) up to `today` included, oldest first, and
 * the first one after them: what a catch-up writes and where the rule stands afterwards.
 */
export function dueOccurrences(rule: { startDate: string; frequency: Frequency; nextDate: string }, today: string) {
  const dates: string[] = [];
  let next = rule.nextDate;
  while (next <= today && dates.length < MAX_OCCURRENCES_AT_ONCE) {
    dates.push(next);
    next = occurrenceAfter(rule.startDate, rule.frequency, next);
  }
  return { dates, next };
}
