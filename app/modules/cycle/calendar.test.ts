import { describe, expect, it } from "vitest";
import { marksOf, monthOf, shiftMonth, suggestedFlow, typicalPeriodDays } from "./calendar";

const prediction = { nextPeriodStart: "2026-12-10", ovulation: "2026-11-26", fertileWindow: { start: "2026-11-21", end: "2026-11-27" } };
const at = (date: string, flow: Parameters<typeof marksOf>[1]["flow"] = null, today = "2026-11-23") => marksOf(date, { flow, prediction, periodDays: 4, today });

describe("cycle calendar marks", () => {
  it("draws the predicted period for the typical number of days from the predicted start", () => {
    expect(["2026-12-09", "2026-12-10", "2026-12-13", "2026-12-14"].map((d) => at(d).predicted)).toEqual([false, true, true, false]);
  });

  it("marks the fertile window and ovulation only from today on", () => {
    expect(at("2026-11-22").fertile).toBe(false); // past: only what was logged
    expect(at("2026-11-23")).toMatchObject({ fertile: true, today: true, future: false });
    expect(at("2026-11-26")).toMatchObject({ fertile: true, ovulation: true, future: true });
    expect(at("2026-11-28").fertile).toBe(false);
  });

  it("never draws a prediction over a day logged with flow", () => {
    expect(at("2026-12-10", "light", "2026-12-10")).toMatchObject({ flow: "light", predicted: false });
    expect(at("2026-12-10", "none", "2026-12-10").predicted).toBe(true);
  });

  it("takes the typical period length from runs of consecutive flow days (halves up), 5 without any", () => {
    expect(typicalPeriodDays([])).toBe(5);
    expect(typicalPeriodDays(["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01"])).toBe(4); // 3.5 → 4
    expect(typicalPeriodDays(["2026-01-03", "2026-01-01", "2026-01-02", "2026-01-02"])).toBe(3);
  });

  it("reads the month parameter, falling back to today's month, and pages across years", () => {
    expect(monthOf("2026-02", "2026-11-23")).toEqual({ year: 2026, month: 2 });
    expect(monthOf("2026-13", "2026-11-23")).toEqual({ year: 2026, month: 11 });
    expect(monthOf(null, "2026-11-23")).toEqual({ year: 2026, month: 11 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toBe("2027-01");
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toBe("2025-12");
  });
});

describe("the flow a new day's log starts with", () => {
  const logged = new Map([["2026-11-10", "heavy" as const], ["2026-11-11", "medium" as const], ["2026-11-20", "none" as const]]);
  const context = { flowOn: (date: string) => logged.get(date) ?? null, prediction: { nextPeriodStart: "2026-12-08", range: { start: "2026-12-07", end: "2026-12-09" } }, periodDays: 4 };

  it("is a period's flow where a period is likely: the day after a flow day, or around the predicted start", () => {
    expect(suggestedFlow("2026-11-12", context)).toBe("medium");
    expect(["2026-12-03", "2026-12-04", "2026-12-09", "2026-12-13", "2026-12-14"].map((d) => suggestedFlow(d, context))).toEqual(["none", "medium", "medium", "medium", "none"]);
  });

  it("is no flow on other days, so symptoms logged mid-cycle do not start a period", () => {
    expect(suggestedFlow("2026-11-21", context)).toBe("none");
    expect(suggestedFlow("2026-11-25", context)).toBe("none");
  });

  it("is a period's flow before any period is logged: the first log is one", () => {
    expect(suggestedFlow("2026-11-25", { ...context, prediction: { nextPeriodStart: null, range: null } })).toBe("medium");
  });
});
