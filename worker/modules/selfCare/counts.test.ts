import { describe, expect, it } from "vitest";
import { countAfter, countShown, countsInProgress, doneByCount, MAX_TIMES_PER_DAY } from "./counts";

describe("a routine done several times a day (decision 0117)", () => {
  it("is done exactly when the count reaches the target; a target of 1 is a check-in", () => {
    expect([0, 7, 8, 9].map((n) => doneByCount(n, 8))).toEqual([false, false, true, true]);
    expect([doneByCount(0, 1), doneByCount(1, 1)]).toEqual([false, true]);
    expect(MAX_TIMES_PER_DAY).toBe(20);
  });

  it("shows the target on a day done (checked in without a count), else the count, one short of a lowered target at most", () => {
    expect(countShown(0, 8, true)).toBe(8);
    expect(countShown(3, 8, true)).toBe(8);
    expect(countShown(3, 8, false)).toBe(3);
    expect(countShown(6, 4, false)).toBe(3);
    expect(countShown(0, 1, false)).toBe(0);
  });

  it("moves by one tap within 0 and the target", () => {
    expect(countAfter(3, 1, 8)).toBe(4);
    expect(countAfter(8, 1, 8)).toBe(8);
    expect(countAfter(0, -1, 8)).toBe(0);
    expect(countAfter(4, -1, 8)).toBe(3);
  });

  it("lists the days counted part of the way: not a day done, not 0, not a routine done once a day; one short of a lowered target at most", () => {
    const counts = [
      { date: "2026-12-01", count: 5 },
      { date: "2026-12-02", count: 8 },
      { date: "2026-12-03", count: 2 },
      { date: "2026-12-04", count: 0 },
    ];
    // The 3rd was checked in from the strip with a count of 2 stored before: done, not "2 of 8".
    expect(countsInProgress(counts, 8, ["2026-12-02", "2026-12-03"])).toEqual({ "2026-12-01": 5 });
    expect(countsInProgress(counts, 4, [])).toEqual({ "2026-12-01": 3, "2026-12-02": 3, "2026-12-03": 2 });
    expect(countsInProgress(counts, 1, [])).toEqual({});
  });
});
