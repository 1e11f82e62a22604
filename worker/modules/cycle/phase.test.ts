import { describe, expect, it } from "vitest";
import { phasesOn } from "./phase";
import type { LoggedDay } from "./predictions";

const period = (start: string): LoggedDay[] => [{ date: start, flow: "medium" }];
const phase = (days: LoggedDay[], date: string) => phasesOn(days, [date])[0]?.phase ?? null;

describe("cycle phases", () => {
  // Cycles of 24, 36 and 30 days: a mean of 30.
  const days = [...period("2026-01-01"), ...period("2026-01-25"), ...period("2026-03-02"), ...period("2026-04-01")];

  it("places a past cycle's ovulation 14 days before the period that followed it, not by the mean", () => {
    // The 36-day cycle from 25 January: ovulation on its day 23 (16 February), fertile on days 18–24.
    expect(phase(days, "2026-02-16")).toBe("fertile");
    expect(phase(days, "2026-02-11")).toBe("fertile");
    expect(phase(days, "2026-02-06")).toBe("follicular");
    expect(phase(days, "2026-02-20")).toBe("luteal");
    // The 24-day cycle from 1 January: ovulation on its day 11 (11 January), fertile on days 6–12.
    expect(phase(days, "2026-01-05")).toBe("follicular");
    expect(phase(days, "2026-01-06")).toBe("fertile");
    expect(phase(days, "2026-01-14")).toBe("luteal");
  });

  it("counts the cycle still going on with the mean length", () => {
    // From 1 April with 30 days: ovulation on day 17 (17 April), fertile on days 12–18.
    expect(phase(days, "2026-04-11")).toBe("follicular");
    expect(phase(days, "2026-04-12")).toBe("fertile");
    expect(phase(days, "2026-04-19")).toBe("luteal");
    expect(phasesOn(days, ["2026-04-01"])[0]).toEqual({ date: "2026-04-01", phase: "menstrual", cycleDay: 1 });
  });

  it("uses the mean for a cycle over 60 days (a period left unlogged), and nothing past day 60", () => {
    const long = [...period("2026-01-01"), ...period("2026-01-29"), ...period("2026-02-26"), ...period("2026-05-01")];
    // 28-day mean: ovulation on day 15 of the cycle from 26 February (12 March).
    expect(phase(long, "2026-03-12")).toBe("fertile");
    expect(phase(long, "2026-03-20")).toBe("luteal");
    expect(phase(long, "2026-04-27")).toBeNull();
  });

  it("uses the mean for a cycle about twice the usual one (a period probably left unlogged)", () => {
    // 28, 28, then 56 days from 26 February to 23 April, then 28.
    const gap = [...period("2026-01-01"), ...period("2026-01-29"), ...period("2026-02-26"), ...period("2026-04-23"), ...period("2026-05-21")];
    // By the mean (28): ovulation on day 15 of the cycle from 26 February (12 March), as it most
    // likely was. By its own 56 days it would have been on day 43 (9 April), and 12 March follicular.
    expect(phase(gap, "2026-03-12")).toBe("fertile");
    expect(phase(gap, "2026-04-09")).toBe("luteal");
  });

  it("uses its own length for a cycle the person said really was that long", () => {
    const gap = [...period("2026-01-01"), ...period("2026-01-29"), ...period("2026-02-26"), ...period("2026-04-23"), ...period("2026-05-21")];
    const phases = (date: string) => phasesOn(gap, [date], ["2026-02-26"])[0]?.phase;
    // Ovulation 14 days before the period that ended it: day 43, 9 April; 12 March follicular.
    expect(phases("2026-03-12")).toBe("follicular");
    expect(phases("2026-04-09")).toBe("fertile");
  });
});
