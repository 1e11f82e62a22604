import { describe, expect, it } from "vitest";
import { doneByTicks, stepsTickedByDate, tickedSteps } from "./steps";

describe("a routine with steps is done by ticks (decision 0112)", () => {
  it("when every step is ticked, in any order, with or without ticks of steps it no longer has", () => {
    expect(doneByTicks(["a", "b"], ["b", "a"])).toBe(true);
    expect(doneByTicks(["a", "b"], new Set(["a", "b", "gone"]))).toBe(true);
    expect(doneByTicks(["a"], ["a", "a"])).toBe(true);
  });

  it("not while a step is left, and never by ticks without steps (a routine as before is done in one tap)", () => {
    expect(doneByTicks(["a", "b"], ["a"])).toBe(false);
    expect(doneByTicks(["a", "b"], [])).toBe(false);
    expect(doneByTicks(["a", "b"], ["gone", "other"])).toBe(false);
    expect(doneByTicks([], [])).toBe(false);
    expect(doneByTicks([], ["a"])).toBe(false);
  });
});

describe("the steps a day shows ticked", () => {
  it("are the day's ticks among the steps, in the steps' order", () => {
    expect(tickedSteps(["a", "b", "c"], ["c", "a", "gone"], false)).toEqual(["a", "c"]);
  });

  it("are all of them on a day done (in one go, or before a step was added)", () => {
    expect(tickedSteps(["a", "b", "c"], [], true)).toEqual(["a", "b", "c"]);
    expect(tickedSteps([], [], true)).toEqual([]);
  });
});

describe("the past days' checklists carried in an answer (decision 0112, revised)", () => {
  it("are the days in progress only, each with its ticks in the steps' order", () => {
    const ticks = [
      { date: "2026-12-05", stepId: "c" },
      { date: "2026-12-05", stepId: "a" },
      { date: "2026-12-04", stepId: "a" },
      { date: "2026-12-03", stepId: "gone" },
    ];
    // The 4th is done (all ticked from its check-in), the 3rd has only a removed step's tick: neither is carried.
    expect(stepsTickedByDate(["a", "b", "c"], ticks, ["2026-12-04"])).toEqual({ "2026-12-05": ["a", "c"] });
    expect(stepsTickedByDate(["a", "b", "c"], [], [])).toEqual({});
  });
});
