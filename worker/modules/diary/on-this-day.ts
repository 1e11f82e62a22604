/**
 * "Neste dia" / "On this day" (decision 0115): the entries written on today's month and day in
 * earlier years, today being the account's calendar day (its time zone). Plain functions: the
 * query (./queries.ts) and the screen take their answers.
 */
import { localDate } from "../selfCare/streaks";

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export type OnThisDay = {
  /** The `MM-DD` days of the month whose entries show. */
  monthDays: string[];
  /** Entries dated before this day (1 January of today's year): earlier years only. */
  before: string;
};

/**
 * The rule for the calendar day `today` (`YYYY-MM-DD`): the same month and day in every earlier
 * year. 29 February has no day of its own in a common year: its entries show on 28 February, beside
 * that day's (on 1 March they would come a day late, and after the 28th's, apart from them).
 */
export function onThisDay(today: string): OnThisDay {
  const year = Number(today.slice(0, 4));
  const monthDay = today.slice(5);
  return { monthDays: monthDay === "02-28" && !isLeapYear(year) ? ["02-28", "02-29"] : [monthDay], before: `${today.slice(0, 4)}-01-01` };
}

/** The rule for the account's day at `now` in its time zone (a late evening in Lisbon may be the next day in Tokyo). */
export const onThisDayAt = (now: Date, timeZone: string) => onThisDay(localDate(now, timeZone));

/** How many years before `today` an entry of `date` was written (1 for last year). */
export const yearsAgo = (date: string, today: string) => Number(today.slice(0, 4)) - Number(date.slice(0, 4));
