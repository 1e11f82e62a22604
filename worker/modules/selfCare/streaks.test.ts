import { describe, expect, it } from "vitest";
import { addDays, checkInAllowed, dueBetween, isCalendarDate, isoWeekday, localDate, longestStreak, streakDays, type Schedule } from "./streaks";

const daily: Schedule = { frequency: "daily" };
// Monday, Wednesday, Friday.
const mwf: Schedule = { frequency: "weekdays", weekdays: [1, 3, 5] };

describe("the user's day (time zones)", () => {
  it("is the wall-clock date in the user's zone, not UTC's", () => {
    // 23:30 UTC on Sunday 22 November is already Monday in Tokyo and still Sunday in Lisbon and New York.
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(localDate(instant, "Europe/Lisbon")).toBe("2026-11-22");
    expect(localDate(instant, "Asia/Tokyo")).toBe("2026-11-23");
    expect(localDate(new Date("2026-11-23T03:00:00Z"), "America/New_York")).toBe("2026-11-22");
  });

  it("counts the same streak whichever zone's clock computed today", () => {
    const checkIns = ["2026-11-21", "2026-11-22", "2026-11-23"];
    const instant = new Date("2026-11-22T23:30:00Z");
    // In Tokyo it is the 23rd (three in a row); in Lisbon the 23rd has not come yet, and the check-in
    // dated the 23rd does not count for a day that is still in the future there.
    expect(streakDays(daily, checkIns, localDate(instant, "Asia/Tokyo"))).toBe(3);
    expect(streakDays(daily, checkIns, localDate(instant, "Europe/Lisbon"))).toBe(2);
  });
});

describe("streakDays", () => {
  it("counts consecutive daily check-ins up to today", () => {
    expect(streakDays(daily, ["2026-11-20", "2026-11-21", "2026-11-22"], "2026-11-22")).toBe(3);
  });

  it("does not break on today before it is done (the day is not over)", () => {
    expect(streakDays(daily, ["2026-11-20", "2026-11-21"], "2026-11-22")).toBe(2);
  });

  it("breaks on a missed scheduled day", () => {
    expect(streakDays(daily, ["2026-11-18", "2026-11-19", "2026-11-21", "2026-11-22"], "2026-11-22")).toBe(2);
    expect(streakDays(daily, ["2026-11-19", "2026-11-20"], "2026-11-22")).toBe(0);
  });

  it("skips unscheduled days of a weekday routine without breaking", () => {
    // 2026-11-16 is a Monday: Mon 16, Wed 18, Fri 20 done; Tue, Thu, Sat, Sun free; today Sunday 22.
    expect(isoWeekday("2026-11-16")).toBe(1);
    expect(streakDays(mwf, ["2026-11-16", "2026-11-18", "2026-11-20"], "2026-11-22")).toBe(3);
    // Wednesday 18 missed: only Friday counts.
    expect(streakDays(mwf, ["2026-11-16", "2026-11-20"], "2026-11-22")).toBe(1);
  });

  it("counts a check-in on an unscheduled day without needing one there", () => {
    expect(streakDays(mwf, ["2026-11-18", "2026-11-19", "2026-11-20"], "2026-11-21")).toBe(3);
  });

  it("mends the streak with a late check-in for a past day", () => {
    const before = ["2026-11-19", "2026-11-21", "2026-11-22"];
    expect(streakDays(daily, before, "2026-11-22")).toBe(2);
    // The 20th recorded two days late (allowed up to 7 days back): four in a row.
    expect(checkInAllowed("2026-11-20", "2026-11-22")).toBe(true);
    expect(streakDays(daily, [...before, "2026-11-20"], "2026-11-22")).toBe(4);
  });

  it("counts one per day across a daylight-saving night (Lisbon, 29 March 2026 has 23 hours)", () => {
    // Check-ins made just after midnight local on each side of the change land on their own dates.
    const nights = ["2026-03-28T00:10:00Z", "2026-03-29T00:10:00Z", "2026-03-29T23:10:00Z", "2026-03-30T23:10:00Z"].map((t) =>
      localDate(new Date(t), "Europe/Lisbon"),
    );
    expect(nights).toEqual(["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"]);
    expect(streakDays(daily, nights, "2026-03-31")).toBe(4);
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
  });

  it("counts duplicates once and ignores future-dated rows", () => {
    expect(streakDays(daily, ["2026-11-22", "2026-11-22", "2026-11-23"], "2026-11-22")).toBe(1);
  });

  it("is 0 without check-ins", () => {
    expect(streakDays(daily, [], "2026-11-22")).toBe(0);
    expect(longestStreak(daily, [], "2026-11-22")).toBe(0);
  });
});

describe("longestStreak", () => {
  it("finds the longest run in the history under the same rules", () => {
    const days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-10", "2026-11-11"];
    expect(longestStreak(daily, days, "2026-11-22")).toBe(4);
    expect(longestStreak(mwf, ["2026-11-02", "2026-11-04", "2026-11-06", "2026-11-09"], "2026-11-22")).toBe(4);
  });
});

describe("dueBetween", () => {
  it("tells whether a day strictly between two dates is due (one missed there ends a streak)", () => {
    expect(dueBetween(daily, "2026-11-21", "2026-11-22")).toBe(false);
    expect(dueBetween(daily, "2026-11-20", "2026-11-22")).toBe(true);
    expect(dueBetween(daily, "2026-11-22", "2026-11-22")).toBe(false);
    // Friday 20 to Monday 23: the weekend between is free; to Wednesday 25, Monday 23 was due.
    expect(dueBetween(mwf, "2026-11-20", "2026-11-23")).toBe(false);
    expect(dueBetween(mwf, "2026-11-20", "2026-11-25")).toBe(true);
    // Mondays only, a Monday to the Tuesday eight days later: the Monday between was due.
    expect(dueBetween({ frequency: "weekdays", weekdays: [1] }, "2026-11-16", "2026-11-24")).toBe(true);
    // No weekday chosen: nothing is ever due, however long the gap.
    expect(dueBetween({ frequency: "weekdays", weekdays: [] }, "2020-01-01", "2026-11-22")).toBe(false);
  });
});

describe("checkInAllowed", () => {
  it("takes today and up to 7 days back, never the future or older", () => {
    expect(checkInAllowed("2026-11-22", "2026-11-22")).toBe(true);
    expect(checkInAllowed("2026-11-15", "2026-11-22")).toBe(true);
    expect(checkInAllowed("2026-11-14", "2026-11-22")).toBe(false);
    expect(checkInAllowed("2026-11-23", "2026-11-22")).toBe(false);
    // Across a month and a year boundary.
    expect(checkInAllowed("2026-12-25", "2027-01-01")).toBe(true);
    expect(checkInAllowed("2026-12-24", "2027-01-01")).toBe(false);
  });
});

describe("isCalendarDate", () => {
  it("accepts real dates only", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("22/11/2026")).toBe(false);
  });
});
