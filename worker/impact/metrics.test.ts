import { describe, expect, it } from "vitest";
import { impactMetrics, lastMonths } from "./metrics";

describe("impact metrics (section 9)", () => {
  // [g, a] → timeSaved: floor(min(0.5 g, 8) + min(0.1 a, 4)).
  it.each([
    [0, 0, 0],
    [3, 0, 1], // 1.5 → 1
    [5, 0, 2], // 2.5 → 2
    [16, 0, 8], // the goals' cap
    [40, 0, 8],
    [0, 10, 1],
    [0, 40, 4], // the activities' cap
    [0, 100, 4],
    [3, 10, 2], // 1.5 + 1 = 2.5 → 2
    [5, 40, 6], // 2.5 + 4 = 6.5 → 6
    [16, 100, 12], // both caps: at most 12
    [1, 5, 1], // 0.5 + 0.5 = 1, exactly (no floating-point 0.999…)
    [0, 30, 3], // 0.1 × 30 is 3.0000000000000004 in floating point; still 3
  ])("g = %i, a = %i → %i hours", (g, a, hours) => {
    expect(impactMetrics(g, a).timeSaved).toBe(hours);
  });

  it("derives projects, productivity and mentoring from the hours", () => {
    expect(impactMetrics(0, 0)).toEqual({ timeSaved: 0, unlockedSkills: [], potentialProjects: 0, mentoringHours: 0, productivityGain: 0 });
    expect(impactMetrics(16, 100)).toMatchObject({ timeSaved: 12, potentialProjects: 1, productivityGain: 60, mentoringHours: 0 });
    expect(impactMetrics(16, 0)).toMatchObject({ timeSaved: 8, potentialProjects: 0, productivityGain: 40 });
    expect(impactMetrics(5, 40)).toMatchObject({ potentialProjects: 0, productivityGain: 30 });
  });

  it("unlocks skills at g = 3 and 5 and a = 10; Otimização (20 h) is out of reach of the caps", () => {
    expect(impactMetrics(2, 9).unlockedSkills).toEqual([]);
    expect(impactMetrics(3, 0).unlockedSkills).toEqual(["deepFocus"]);
    expect(impactMetrics(0, 10).unlockedSkills).toEqual(["consistency"]);
    expect(impactMetrics(4, 9).unlockedSkills).toEqual(["deepFocus"]);
    expect(impactMetrics(5, 0).unlockedSkills).toEqual(["deepFocus", "goalManagement"]);
    expect(impactMetrics(16, 100).unlockedSkills).toEqual(["deepFocus", "consistency", "goalManagement"]);
  });
});

describe("the chart's five months", () => {
  it("are the last five local months, oldest first, bounded at local midnight", () => {
    // 00:30 on 1 March in Lisbon is still 28 February in UTC: March is the current month.
    const months = lastMonths(new Date("2026-03-01T00:30:00Z"), "Europe/Lisbon");
    expect(months.map((m) => m.month)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
    expect(months[4].from.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    // April begins in summer time (UTC+1): its midnight is 23:00 UTC the day before.
    expect(months[4].to.toISOString()).toBe("2026-03-31T23:00:00.000Z");
    expect(months[0].from.toISOString()).toBe("2025-11-01T00:00:00.000Z");
    for (let i = 1; i < months.length; i++) expect(months[i].from).toEqual(months[i - 1].to);
  });

  it("uses the user's zone, not UTC", () => {
    // 23:30 UTC on 31 January is already 1 February in Tokyo, still January in Lisbon.
    const tokyo = lastMonths(new Date("2026-01-31T23:30:00Z"), "Asia/Tokyo");
    expect(tokyo.at(-1)?.month).toBe("2026-02");
    expect(tokyo.at(-1)?.from.toISOString()).toBe("2026-01-31T15:00:00.000Z");
    const lisbon = lastMonths(new Date("2026-01-31T23:30:00Z"), "Europe/Lisbon");
    expect(lisbon.at(-1)?.month).toBe("2026-01");
  });
});
