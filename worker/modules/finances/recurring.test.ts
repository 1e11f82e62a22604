import { describe, expect, it } from "vitest";
import { dueOccurrences, lastOccurrenceBy, lastPassed, MAX_OCCURRENCES_AT_ONCE, occurrence, occurrenceAfter, realNext, RECURRING_ENDED, storedNext } from "./recurring";

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

  it("stops at the end date: nothing after it, and the rule ends once its next date is past it", () => {
    // "Prestação do carro até dezembro de 2027": the last one on 5 December, then it has ended.
    const car = { startDate: "2027-10-05", frequency: "monthly" as const, nextDate: "2027-10-05", endDate: "2027-12-31" };
    expect(dueOccurrences(car, "2028-03-01")).toEqual({ dates: ["2027-10-05", "2027-11-05", "2027-12-05"], next: RECURRING_ENDED });
    // Before the end, as without one.
    expect(dueOccurrences(car, "2027-11-20")).toEqual({ dates: ["2027-10-05", "2027-11-05"], next: "2027-12-05" });
    // The end on an occurrence's own day includes it.
    expect(dueOccurrences({ ...car, endDate: "2027-11-05" }, "2027-11-05")).toEqual({ dates: ["2027-10-05", "2027-11-05"], next: RECURRING_ENDED });
    // Ended before today's catch-up: it is over even with nothing to write.
    expect(dueOccurrences({ ...car, nextDate: "2027-12-05", endDate: "2027-12-01" }, "2027-11-20")).toEqual({ dates: [], next: RECURRING_ENDED });
    // An ended rule writes nothing more, whatever the day.
    expect(dueOccurrences({ ...car, nextDate: RECURRING_ENDED }, "2030-01-01")).toEqual({ dates: [], next: RECURRING_ENDED });
    // A 12-month gym contract: twelve occurrences.
    expect(dueOccurrences({ startDate: "2027-01-10", frequency: "monthly", nextDate: "2027-01-10", endDate: "2027-12-10" }, "2029-01-01").dates).toHaveLength(12);
  });

  it("ends on a clamped month end: a rule of 31 January ending 28 February has its last on the 28th", () => {
    const rule = { startDate: "2027-01-31", frequency: "monthly" as const, nextDate: "2027-01-31", endDate: "2027-02-28" };
    expect(dueOccurrences(rule, "2027-06-01")).toEqual({ dates: ["2027-01-31", "2027-02-28"], next: RECURRING_ENDED });
    expect(lastOccurrenceBy("2027-01-31", "monthly", "2027-02-28")).toBe("2027-02-28");
    // Ending the 27th, February's (the 28th) is after it.
    expect(dueOccurrences({ ...rule, endDate: "2027-02-27" }, "2027-06-01")).toEqual({ dates: ["2027-01-31"], next: RECURRING_ENDED });
    expect(lastOccurrenceBy("2027-01-31", "monthly", "2027-02-27")).toBe("2027-01-31");
    // Its first date after the end, for a rule brought back by a later end: 31 March, not the 28th.
    expect(realNext({ ...rule, nextDate: RECURRING_ENDED })).toBe("2027-03-31");
  });

  it("finds the last occurrence by a day for every frequency", () => {
    expect(lastOccurrenceBy("2026-12-24", "weekly", "2027-01-06")).toBe("2026-12-31");
    expect(lastOccurrenceBy("2026-12-24", "weekly", "2027-01-07")).toBe("2027-01-07");
    expect(lastOccurrenceBy("2026-12-24", "weekly", "2026-12-24")).toBe("2026-12-24");
    expect(lastOccurrenceBy("2028-02-29", "yearly", "2030-02-27")).toBe("2029-02-28");
    expect(lastOccurrenceBy("2028-02-29", "yearly", "2030-03-01")).toBe("2030-02-28");
  });

  it("knows the occurrence already behind a rule (the earliest end a change may set)", () => {
    expect(lastPassed({ startDate: "2027-01-31", frequency: "monthly", nextDate: "2027-01-31" })).toBeNull();
    expect(lastPassed({ startDate: "2027-01-31", frequency: "monthly", nextDate: "2027-03-31" })).toBe("2027-02-28");
    expect(lastPassed({ startDate: "2027-01-31", frequency: "monthly", nextDate: RECURRING_ENDED, endDate: "2027-03-15" })).toBe("2027-02-28");
    expect(storedNext("2027-03-31", "2027-03-30")).toBe(RECURRING_ENDED);
    expect(storedNext("2027-03-31", "2027-03-31")).toBe("2027-03-31");
    expect(storedNext("2027-03-31", null)).toBe("2027-03-31");
  });
});
