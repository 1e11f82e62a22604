/**
 * A screen whose "today" is the user's date (self-care's check-ins, the cycle's "Registar hoje")
 * must move on to the new day when a page left open overnight is used again: otherwise its buttons
 * write yesterday.
 */
import { useEffect, useRef } from "react";
import { localDate } from "@worker/lib/time-zone";

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
