import { describe, expect, it } from "vitest";
import { dayState, historyStart, historyWeeks, mondayOf } from "./history-weeks";

describe("the self-care history's weeks", () => {
  it("runs five whole weeks Monday to Sunday, the last of them today's", () => {
    // Thursday 10 December 2026.
    const weeks = historyWeeks("2026-12-10");
    expect(weeks).toHaveLength(5);
    expect(weeks.map((w) => w[0])).toEqual(["2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30", "2026-12-07"]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[4][6]).toBe("2026-12-13");
    expect(historyStart("2026-12-10")).toBe("2026-11-09");
  });

  it("starts today's week on Monday whatever today is, Sunday included", () => {
    expect(mondayOf("2026-12-06")).toBe("2026-11-30"); // a Sunday
    expect(mondayOf("2026-11-30")).toBe("2026-11-30"); // a Monday
    expect(historyWeeks("2026-12-06")[4]).toEqual(["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]);
  });

  it("tells a missed day from one not scheduled, one before the routine, today still open, and days to come", () => {
    // Mondays and Wednesdays, made on Wednesday 18 November; today is Wednesday 2 December.
    const routine = { schedule: { frequency: "weekdays" as const, weekdays: [1, 3] }, done: new Set(["2026-11-18", "2026-11-29"]), since: "2026-11-18" };
    const today = "2026-12-02";
    expect(dayState("2026-11-16", routine, today)).toBe("before");
    expect(dayState("2026-11-18", routine, today)).toBe("done");
    expect(dayState("2026-11-19", routine, today)).toBe("free");
    expect(dayState("2026-11-23", routine, today)).toBe("missed");
    expect(dayState("2026-11-29", routine, today)).toBe("done"); // an extra Sunday still shows as done
    expect(dayState("2026-12-02", routine, today)).toBe("pending");
    expect(dayState("2026-12-03", routine, today)).toBe("future");
  });

  it("tells a day counted part of the way from one done and one not touched (decision 0117, revised)", () => {
    // Every day, 8 times a day, since 1 November; today is Wednesday 2 December.
    const routine = { schedule: { frequency: "daily" as const }, done: new Set(["2026-11-30"]), since: "2026-11-01", partial: { "2026-12-01": 5, "2026-12-02": 3 } };
    const today = "2026-12-02";
    expect(dayState("2026-11-30", routine, today)).toBe("done");
    expect(dayState("2026-12-01", routine, today)).toBe("partial");
    expect(dayState("2026-11-29", routine, today)).toBe("missed");
    // Today counted part of the way says so too, not "still to do".
    expect(dayState("2026-12-02", routine, today)).toBe("partial");
    // A weekday routine's day off counted anyway shows its count, as a day off done shows done.
    expect(dayState("2026-11-19", { schedule: { frequency: "weekdays", weekdays: [1] }, done: new Set(), since: "2026-11-01", partial: { "2026-11-19": 2 } }, today)).toBe("partial");
  });
});
