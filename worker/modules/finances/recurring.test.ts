import { describe, expect, it } from "vitest";
import { dueOccurrences, MAX_OCCURRENCES_AT_ONCE, occurrence, occurrenceAfter } from "./recurring";

const series = (start: string, frequency: "weekly" | "monthly" | "yearly", count: number) => {
  const dates = [start];
  while (dates.length < count) dates.push(occurrenceAfter(start, frequency, dates[dates.length - 1]));
  return dates;
};

describe("recurring transaction dates", () => {
  it("keeps a monthly rule on its day, clamped to short months and back again", () => {
    expect(series("2026-01-31", "monthly", 5)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]);
    expect(series("2027-12-31", "monthly", 3)).toEqual(["2027-12-31", "2028-01-31", "2028-02-29"]);
    expect(series("2026-11-15", "monthly", 3)).toEqual(["2026-11-15", "2026-12-15", "2027-01-15"]);
  });

  it("puts a yearly rule of 29 February on 28 February in other years, and on the 29th in leap years", () => {
    expect(series("2028-02-29", "yearly", 5)).toEqual(["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]);
  });

  it("repeats a weekly rule every 7 days, across months and years", () => {
    expect(series("2026-12-24", "weekly", 3)).toEqual(["2026-12-24", "2026-12-31", "2027-01-07"]);
    expect(occurrence("2026-03-23", "weekly", 2)).toBe("2026-04-06");
  });

  it("lists what is due up to today and where the rule stands after", () => {
    expect(dueOccurrences({ startDate: "2026-10-31", frequency: "monthly", nextDate: "2026-10-31" }, "2026-12-07")).toEqual({
      dates: ["2026-10-31", "2026-11-30"],
      next: "2026-12-31",
    });
    expect(dueOccurrences({ startDate: "2026-12-07", frequency: "monthly", nextDate: "2026-12-07" }, "2026-12-07")).toEqual({ dates: ["2026-12-07"], next: "2027-01-07" });
    expect(dueOccurrences({ startDate: "2026-12-08", frequency: "weekly", nextDate: "2026-12-08" }, "2026-12-07")).toEqual({ dates: [], next: "2026-12-08" });
  });

  it("writes at most a bounded number at once", () => {
    const { dates, next } = dueOccurrences({ startDate: "2020-01-01", frequency: "weekly", nextDate: "2020-01-01" }, "2026-12-07");
    expect(dates).toHaveLength(MAX_OCCURRENCES_AT_ONCE);
    expect(next).toBe(occurrence("2020-01-01", "weekly", MAX_OCCURRENCES_AT_ONCE));
  });
});
