// @vitest-environment happy-dom
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NEW_DAY_CHECK_MS, todayTap, useRevalidateOnNewDay } from "./today";

const LISBON = "Europe/Lisbon";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("a tap on a routine's 'today' button", () => {
  it("writes the day the page shows while that day lasts, checking in or undoing as the button shows", () => {
    expect(todayTap("2026-07-10", false, new Date("2026-07-10T22:59:00Z"), LISBON)).toEqual({ date: "2026-07-10", undo: false });
    expect(todayTap("2026-07-10", true, new Date("2026-07-10T22:59:00Z"), LISBON)).toEqual({ date: "2026-07-10", undo: true });
  });

  it("after midnight on a page loaded the day before, checks in the new day and never undoes yesterday", () => {
    // 00:05 in Lisbon's summer, still 10 July in UTC (the Worker's and a UTC browser's date).
    const afterMidnight = new Date("2026-07-10T23:05:00Z");
    expect(todayTap("2026-07-10", false, afterMidnight, LISBON)).toEqual({ date: "2026-07-11", undo: false });
    expect(todayTap("2026-07-10", true, afterMidnight, LISBON)).toBeNull();
  });

  it("takes the date in the user's zone, not UTC's", () => {
    // 03:00 UTC on 24 November is still 23 November, 22:00, in New York.
    expect(todayTap("2026-11-23", false, new Date("2026-11-24T03:00:00Z"), "America/New_York")).toEqual({ date: "2026-11-23", undo: false });
    expect(todayTap("2026-11-24", false, new Date("2026-11-24T03:00:00Z"), "Asia/Tokyo")).toEqual({ date: "2026-11-24", undo: false });
  });
});

describe("the self-care screen at midnight", () => {
  const visibility = (state: "visible" | "hidden") => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
    document.dispatchEvent(new Event("visibilitychange"));
  };

  it("revalidates once the user's day has changed, while the page stays open", () => {
    vi.useFakeTimers({ now: new Date("2026-07-10T22:58:30Z") }); // 23:58:30 in Lisbon
    visibility("visible");
    const revalidate = vi.fn();
    renderHook(() => useRevalidateOnNewDay("2026-07-10", LISBON, revalidate));
    vi.advanceTimersByTime(NEW_DAY_CHECK_MS);
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(NEW_DAY_CHECK_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("revalidates when the tab comes back after the day changed, not while hidden nor on the same day", () => {
    vi.useFakeTimers({ now: new Date("2026-07-10T21:00:00Z") });
    visibility("visible");
    const revalidate = vi.fn();
    renderHook(() => useRevalidateOnNewDay("2026-07-10", LISBON, revalidate));
    visibility("hidden");
    visibility("visible");
    expect(revalidate).not.toHaveBeenCalled();

    visibility("hidden");
    vi.setSystemTime(new Date("2026-07-11T06:00:00Z"));
    vi.advanceTimersByTime(NEW_DAY_CHECK_MS);
    expect(revalidate).not.toHaveBeenCalled();
    visibility("visible");
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});
