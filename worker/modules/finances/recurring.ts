/**
 * The dates of a recurring transaction ("Movimentos fixos", docs/decisions/0116). Every date is
 * computed from the start date (the anchor), never from the date before it: a salary on the 31st
 * falls on 28 (or 29) February and on 31 March again, never drifting to the 28th; a yearly rule
 * started on 29 February falls on 28 February in the other years. Weekly is every 7 days.
 *
 * An end date ("Até", decision 0116 "Revised") is the last day an occurrence may fall on. A rule
 * whose next occurrence is past it has ended, and its stored next date is RECURRING_ENDED.
 */
import { addDays, addMonths } from "~/components/ui/date-grid";
import type { RecurringTransaction } from "./queries";

export type Frequency = RecurringTransaction["frequency"];
type Rule = { startDate: string; frequency: Frequency; nextDate: string; endDate?: string | null };

/**
 * The stored next date of a rule that has ended: later than any today, so the nightly job's range of
 * next dates (recurring_transactions_next_user_idx) never holds it again, and the list, next date
 * first, puts it below the active ones. The real first date after the end is computed when needed.
 */
export const RECURRING_ENDED = "9999-12-31";

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

/** The occurrence before `date` (itself an occurrence after the start). */
const occurrenceBefore = (start: string, frequency: Frequency, date: string) => occurrence(start, frequency, indexOf(start, frequency, date) - 1);

/**
 * The last occurrence on or before `date` (not before the start): the month's clamped day may fall
 * after it (a rule of the 31st ending on 28 February has its last on 28 February; ending on the 27th,
 * on 31 January).
 */
export function lastOccurrenceBy(start: string, frequency: Frequency, date: string): string {
  const candidate = occurrence(start, frequency, Math.max(0, indexOf(start, frequency, date)));
  return candidate > date ? occurrenceBefore(start, frequency, candidate) : candidate;
}

/** What is stored as the next date: `next` itself, or RECURRING_ENDED once it is past the end. */
export const storedNext = (next: string, endDate: string | null | undefined) => (endDate && next > endDate ? RECURRING_ENDED : next);

export const hasEnded = (rule: Pick<Rule, "nextDate">) => rule.nextDate === RECURRING_ENDED;

/** The real first occurrence not written yet, also of an ended rule (the first after its end). */
export const realNext = (rule: Rule) =>
  hasEnded(rule) && rule.endDate ? occurrenceAfter(rule.startDate, rule.frequency, lastOccurrenceBy(rule.startDate, rule.frequency, rule.endDate)) : rule.nextDate;

/**
 * The last occurrence already behind the rule, written or skipped (null when none is yet): an end date
 * may not come before it, so what was written never disagrees with the rule.
 */
export function lastPassed(rule: Rule): string | null {
  if (hasEnded(rule) && rule.endDate) return lastOccurrenceBy(rule.startDate, rule.frequency, rule.endDate);
  return rule.nextDate > rule.startDate ? occurrenceBefore(rule.startDate, rule.frequency, rule.nextDate) : null;
}

/** At most this many occurrences are written for one rule at a time; the next run writes the rest. */
export const MAX_OCCURRENCES_AT_ONCE = 60;

/**
 * The occurrences from `next` (the first not written yet) up to `today` and the end date included,
 * oldest first, and the first one after them: what a catch-up writes and where the rule stands
 * afterwards (RECURRING_ENDED once that is past the end).
 */
export function dueOccurrences(rule: Rule, today: string) {
  const dates: string[] = [];
  if (hasEnded(rule)) return { dates, next: RECURRING_ENDED };
  const until = rule.endDate && rule.endDate < today ? rule.endDate : today;
  let next = rule.nextDate;
  while (next <= until && dates.length < MAX_OCCURRENCES_AT_ONCE) {
    dates.push(next);
    next = occurrenceAfter(rule.startDate, rule.frequency, next);
  }
  return { dates, next: storedNext(next, rule.endDate) };
}

/**
 * A recurring transaction as the API answers it (here, not in ./logic.ts, which the finances screen
 * imports: these date rules would bring the date picker's chunk into its first load): `nextDate`
 * is the next transaction it will write.
 */
export function publicRecurring(row: RecurringTransaction) {
  return {
    id: row.id,
    type: row.type,
    amountCents: row.amountCents,
    description: row.description,
    category: row.category,
    frequency: row.frequency,
    startDate: row.startDate,
    // An ended rule has no next date: it shows when it ended, its last occurrence by its end date.
    nextDate: hasEnded(row) ? null : row.nextDate,
    endDate: row.endDate,
    endedOn: hasEnded(row) && row.endDate ? lastOccurrenceBy(row.startDate, row.frequency, row.endDate) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
