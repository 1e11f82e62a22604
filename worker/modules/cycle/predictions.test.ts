import { describe, expect, it } from "vitest";
import { addDays, predictCycle, periodStarts, type Flow, type LoggedDay } from "./predictions";

/** A period of `days` flow days from `start` (light, then medium, as people log them). */
const period = (start: string, days = 4, flow: Flow = "medium"): LoggedDay[] =>
  Array.from({ length: days }, (_, i) => ({ date: addDays(start, i), flow: i === 0 ? "light" : flow }));

/** Periods starting at `first` and then after each of `lengths` days. */
const history = (first: string, lengths: number[]) => {
  const starts = [first];
  for (const length of lengths) starts.push(addDays(starts[starts.length - 1], length));
  return { starts, days: starts.flatMap((s) => period(s)) };
};

describe("cycle predictions", () => {
  it("has nothing to predict without a logged period (days with no flow do not start one)", () => {
    const p = predictCycle([{ date: "2026-10-03", flow: "none" }]);
    expect(p).toMatchObject({ nextPeriodStart: null, range: null, ovulation: null, fertileWindow: null, averageCycleLength: 28, cycleLengths: [] });
  });

  it("with one period only counts 28 days from its start, with a fixed range", () => {
    const p = predictCycle(period("2026-10-05", 5));
    expect(p.periodStarts).toEqual(["2026-10-05"]);
    expect(p.nextPeriodStart).toBe("2026-11-02");
    expect(p.range).toEqual({ start: "2026-10-30", end: "2026-11-05" });
    expect(p.ovulation).toBe("2026-10-19");
    expect(p.fertileWindow).toEqual({ start: "2026-10-14", end: "2026-10-20" });
    expect(p.cycleLengths).toEqual([]);
  });

  it("with one cycle still uses 28 days (fewer than two cycles), but lists the cycle", () => {
    const { days } = history("2026-09-01", [32]);
    const p = predictCycle(days);
    expect(p.cycleLengths).toEqual([{ start: "2026-09-01", end: "2026-10-03", length: 32, excluded: null }]);
    expect(p.averageCycleLength).toBe(28);
    expect(p.nextPeriodStart).toBe(addDays("2026-10-03", 28));
  });

  it("predicts a regular cycle from its length, with a range of at least two days either side", () => {
    const { days, starts } = history("2026-06-01", [28, 28, 28]);
    const p = predictCycle(days);
    expect(p.averageCycleLength).toBe(28);
    expect(p.nextPeriodStart).toBe(addDays(starts[3], 28));
    // Three cycles of 28 days do not make the next one certain to the day.
    expect(p.range).toEqual({ start: addDays(p.nextPeriodStart!, -2), end: addDays(p.nextPeriodStart!, 2) });
    expect(p.ovulation).toBe(addDays(p.nextPeriodStart!, -14));
    expect(p.fertileWindow).toEqual({ start: addDays(p.ovulation!, -5), end: addDays(p.ovulation!, 1) });
  });

  it("takes the mean of an irregular cycle, the range from its shortest to its longest cycle", () => {
    const { days, starts } = history("2026-03-02", [26, 33, 29, 24]);
    const p = predictCycle(days);
    // (26 + 33 + 29 + 24) / 4 = 28
    expect(p.averageCycleLength).toBe(28);
    expect(p.nextPeriodStart).toBe(addDays(starts[4], 28));
    expect(p.range).toEqual({ start: addDays(starts[4], 24), end: addDays(starts[4], 33) });
  });

  it("keeps the range at least two days either side of the prediction until six cycles are counted", () => {
    // Two equal cycles: the range had collapsed to the predicted day alone.
    const two = predictCycle(history("2026-06-01", [30, 30]).days);
    expect(two.range).toEqual({ start: addDays(two.nextPeriodStart!, -2), end: addDays(two.nextPeriodStart!, 2) });
    // A spread already wider on one side keeps that side; the other side is widened to two days.
    const spread = predictCycle(history("2026-06-01", [26, 28, 28]).days); // mean 27
    expect(spread.range).toEqual({ start: addDays(spread.nextPeriodStart!, -2), end: addDays(spread.nextPeriodStart!, 2) });
    const wide = predictCycle(history("2026-06-01", [24, 30]).days); // mean 27, spread 24–30
    expect(wide.range).toEqual({ start: addDays(wide.nextPeriodStart!, -3), end: addDays(wide.nextPeriodStart!, 3) });
    // Six counted cycles: the user's own spread is the range.
    const six = predictCycle(history("2026-01-05", [28, 28, 28, 28, 28, 28]).days);
    expect(six.range).toEqual({ start: six.nextPeriodStart, end: six.nextPeriodStart });
  });

  it("leaves out cycles under 15 and over 60 days, and says which and why", () => {
    // Periods 14 (too short: a mid-cycle bleed), 30, 61 (too long: a skipped period), 15 and 60 days apart.
    const { days, starts } = history("2026-01-05", [14, 30, 61, 15, 60]);
    const p = predictCycle(days);
    expect(p.cycleLengths.map((c) => [c.length, c.excluded])).toEqual([
      [14, "tooShort"],
      // Counted from the start before the bleed: 14 + 30 days.
      [44, null],
      [61, "tooLong"],
      [15, null],
      [60, null],
    ]);
    // (44 + 15 + 60) / 3 = 39.7 → 40
    expect(p.averageCycleLength).toBe(40);
    expect(p.nextPeriodStart).toBe(addDays(starts[5], 40));
    expect(p.periodStarts).toEqual([starts[0], ...starts.slice(2)]);
  });

  it("is not moved by a lone spotting day or by a day left unlogged in the middle of a period", () => {
    // 28-day cycles from 5 January: the next is expected on 27 April.
    const regular = history("2026-01-05", [28, 28, 28]).days;
    expect(predictCycle(regular).nextPeriodStart).toBe("2026-04-27");
    // Spotting alone on 12 April starts nothing.
    const spotted = predictCycle([...regular, { date: "2026-04-12", flow: "spotting" }]);
    expect(spotted.nextPeriodStart).toBe("2026-04-27");
    expect(spotted.cycleLengths.map((c) => c.length)).toEqual([28, 28, 28]);
    // 1 April left unlogged inside the period of 30 March: a start on 2 April, left out and not counted from.
    const gap = predictCycle(regular.filter((d) => d.date !== "2026-04-01"));
    expect(gap.nextPeriodStart).toBe("2026-04-27");
    expect(gap.cycleLengths.map((c) => [c.length, c.excluded])).toEqual([
      [28, null],
      [28, null],
      [28, null],
      [3, "tooShort"],
    ]);
    // A bleed (more than spotting) on 12 April, then periods on time: the cycles stay 28 days.
    const bleed = predictCycle([...regular, { date: "2026-04-12", flow: "light" }, ...period("2026-04-27"), ...period("2026-05-25")]);
    expect(bleed.cycleLengths.filter((c) => c.excluded === null).map((c) => c.length)).toEqual([28, 28, 28, 28, 28]);
    expect(bleed.nextPeriodStart).toBe("2026-06-22");
  });

  it("leaves out a cycle about twice the usual one, a period probably left unlogged, and says when it was", () => {
    // 28-day cycles and one of 56: the period about 28 days in was not logged.
    const { days, starts } = history("2026-01-05", [28, 29, 56, 28]);
    const p = predictCycle(days);
    expect(p.cycleLengths.map((c) => [c.length, c.excluded])).toEqual([
      [28, null],
      [29, null],
      [56, "likelyMissed"],
      [28, null],
    ]);
    expect(p.cycleLengths[2].missedStart).toBe(addDays(starts[2], 28));
    // (28 + 29 + 28) / 3 = 28.3 → 28; counted, the gap made it 35.
    expect(p.averageCycleLength).toBe(28);
    // Still counted from: the period after the gap is a real start.
    expect(p.periodStarts).toEqual(starts);
    expect(p.nextPeriodStart).toBe(addDays(starts[4], 28));
    // Two gaps among three usual cycles: both left out.
    const two = predictCycle(history("2026-01-05", [27, 54, 28, 57, 28]).days);
    expect(two.cycleLengths.map((c) => c.excluded)).toEqual([null, "likelyMissed", null, "likelyMissed", null]);
    expect(two.averageCycleLength).toBe(28);
  });

  it("counts a cycle about twice the usual one that the person said really was that long", () => {
    const { days, starts } = history("2026-01-05", [28, 29, 56, 28]);
    const p = predictCycle(days, [starts[2]]);
    expect(p.cycleLengths[2]).toEqual({ start: starts[2], end: starts[3], length: 56, excluded: null, confirmedLong: true });
    // In the mean, as any cycle: (28 + 29 + 56 + 28) / 4 = 35.25 → 35, the range up to 56 days.
    expect(p.averageCycleLength).toBe(35);
    expect(p.range).toEqual({ start: addDays(starts[4], 28), end: addDays(starts[4], 56) });
    // The other cycles are untouched; a mark on a start that begins no cycle the rule leaves out
    // (an ordinary one, a date that is no start) changes nothing.
    expect(p.cycleLengths.filter((c) => c.confirmedLong)).toHaveLength(1);
    expect(predictCycle(days, [starts[0], "2026-02-10"])).toEqual(predictCycle(days));
  });

  it("ignores the mark once a period is logged inside the cycle it was about (the cycle is gone)", () => {
    const { days, starts } = history("2026-01-05", [28, 29, 56, 28]);
    const mended = [...days, ...period(addDays(starts[2], 28))];
    const p = predictCycle(mended, [starts[2]]);
    expect(p.cycleLengths.map((c) => [c.length, c.excluded, c.confirmedLong])).toEqual([
      [28, null, undefined],
      [29, null, undefined],
      [28, null, undefined],
      [28, null, undefined],
      [28, null, undefined],
    ]);
    expect(p).toEqual(predictCycle(mended));
  });

  it("keeps long cycles when they are not about double, the usual ones vary, or long ones are as common", () => {
    const excluded = (lengths: number[]) => predictCycle(history("2025-06-02", lengths).days).cycleLengths.map((c) => c.excluded);
    // 45 days in 28-day cycles: a long cycle, not two.
    expect(excluded([28, 28, 45, 28])).toEqual([null, null, null, null]);
    // Twice 28 ± 5 is 51–61: 50 stays.
    expect(excluded([28, 28, 50, 28])).toEqual([null, null, null, null]);
    expect(excluded([28, 28, 51, 28])).toEqual([null, null, "likelyMissed", null]);
    // Irregular cycles (usual ones 24–33 days apart by more than a week): every length kept.
    expect(excluded([24, 33, 56, 26])).toEqual([null, null, null, null]);
    // As many long cycles as short ones: long cycles are this person's pattern, not gaps.
    expect(excluded([21, 40, 22, 42])).toEqual([null, null, null, null]);
    // One usual cycle alone says too little.
    expect(excluded([28, 56])).toEqual([null, null]);
  });

  it("falls back to 28 when outliers leave fewer than two cycles", () => {
    const { days } = history("2026-01-05", [10, 31, 70]);
    const p = predictCycle(days);
    expect(p.cycleLengths.filter((c) => c.excluded === null)).toHaveLength(1);
    expect(p.averageCycleLength).toBe(28);
  });

  it("averages only the last six remaining cycles", () => {
    // Old 40-day cycles, then six of 27: the old ones no longer count.
    const { days } = history("2025-01-06", [40, 40, 27, 27, 27, 27, 27, 27]);
    const p = predictCycle(days);
    expect(p.cycleLengths).toHaveLength(8);
    expect(p.averageCycleLength).toBe(27);
    // Six counted even when an excluded cycle sits among the last ones.
    const mixed = predictCycle(history("2025-01-06", [40, 26, 26, 26, 90, 26, 26, 26]).days);
    expect(mixed.averageCycleLength).toBe(26);
  });

  it("rounds a half-day mean up", () => {
    // (28 + 29) / 2 = 28.5 → 29
    expect(predictCycle(history("2026-05-04", [28, 29]).days).averageCycleLength).toBe(29);
    // (27 + 28 + 28 + 28) / 4 = 27.75 → 28; (27 + 27 + 28 + 28 + 28 + 27) / 6 = 27.5 → 28
    expect(predictCycle(history("2026-01-05", [27, 28, 28, 28]).days).averageCycleLength).toBe(28);
    expect(predictCycle(history("2026-01-05", [27, 27, 28, 28, 28, 27]).days).averageCycleLength).toBe(28);
    // (27 + 27 + 28) / 3 = 27.33 → 27
    expect(predictCycle(history("2026-01-05", [27, 27, 28]).days).averageCycleLength).toBe(27);
  });

  it("gives the same answer for days logged out of order or twice", () => {
    const { days } = history("2026-02-02", [29, 31, 30]);
    const shuffled = [...days].reverse();
    const twice = [...days, ...days.slice(0, 5)];
    const expected = predictCycle(days);
    expect(expected.averageCycleLength).toBe(30);
    expect(predictCycle(shuffled)).toEqual(expected);
    expect(predictCycle(twice)).toEqual(expected);
  });

  it("starts a period only after a day without flow; spotting before a period is its first day, spotting alone starts nothing", () => {
    const days: LoggedDay[] = [
      { date: "2026-04-01", flow: "spotting" },
      { date: "2026-04-02", flow: "heavy" },
      { date: "2026-04-03", flow: "none" },
      { date: "2026-04-04", flow: "light" },
      { date: "2026-04-15", flow: "spotting" },
      { date: "2026-04-16", flow: "spotting" },
      { date: "2026-04-30", flow: "medium" },
    ];
    expect(periodStarts(days)).toEqual(["2026-04-01", "2026-04-04", "2026-04-30"]);
  });

  it("counts across month and year ends, and leap days", () => {
    const p = predictCycle(history("2027-12-20", [28, 28]).days);
    expect(p.periodStarts).toEqual(["2027-12-20", "2028-01-17", "2028-02-14"]);
    expect(p.nextPeriodStart).toBe("2028-03-13");
  });
});
