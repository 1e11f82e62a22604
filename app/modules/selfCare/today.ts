/**
 * "Today" on the self-care screen is the user's date in their time zone when it is used, not the
 * date the page was loaded on: a page left open overnight must neither check in nor undo yesterday
 * from the "today" button, and shows the new day once it has begun.
 */
import { localDate } from "@worker/modules/selfCare/streaks";

/** What a tap on a routine's "today" button writes: check `date` in, or undo its check-in. */
export type TodayTap = { date: string; undo: boolean };

/**
 * The tap on a routine's "today" button at `now`. The button shows `checkedIn` for the page's day
 * (`pageToday`); the tap acts on the user's date at that moment. Once the page's day is over, what the
 * button shows is yesterday's: a check-in goes to the new day (what the button offered; a second one
 * adds nothing), but an undo would remove a check-in the user has not seen, so it is null: nothing is
 * written and the screen only refreshes to the new day.
 */
export function todayTap(pageToday: string, checkedIn: boolean, now: Date, timeZone: string): TodayTap | null {
  const date = localDate(now, timeZone);
  if (date !== pageToday && checkedIn) return null;
  return { date, undo: checkedIn };
}

// The new-day refresh is shared with the cycle screen, whose "today" button has the same problem.
export { NEW_DAY_CHECK_MS, useRevalidateOnNewDay } from "~/lib/use-revalidate-on-new-day";
