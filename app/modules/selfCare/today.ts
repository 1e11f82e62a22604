/**
 * "Today" on the self-care screen is the user's date in their time zone when it is used, not the
 * date the page was loaded on: a page left open overnight must neither check in nor undo yesterday
 * from the "today" button, and shows the new day once it has begun.
 */
import { useEffect, useRef } from "react";
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

/** How often an open, visible page looks whether the user's day has changed (cheap: one Intl format). */
export const NEW_DAY_CHECK_MS = 60_000;

/**
 * Calls `revalidate` when the user's local day is no longer `pageToday`: checked every minute while
 * the tab is visible (a timer to midnight would fire late after the computer slept) and as soon as
 * the tab becomes visible again.
 */
export function useRevalidateOnNewDay(pageToday: string, timeZone: string, revalidate: () => unknown) {
  // The latest callback without re-subscribing when its identity changes.
  const latest = useRef(revalidate);
  latest.current = revalidate;
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === "visible" && localDate(new Date(), timeZone) !== pageToday) void latest.current();
    };
    const timer = setInterval(check, NEW_DAY_CHECK_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [pageToday, timeZone]);
}
