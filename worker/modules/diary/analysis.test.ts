import { describe, expect, it } from "vitest";
import { analysis, insights, overview, writingStreak, type EntryFacts } from "./analysis";

const e = (date: string, mood: number | null, ...emotions: EntryFacts["emotions"][number][]): EntryFacts => ({ date, mood, emotions });

describe("overview", () => {
  it("averages each day's mood and counts every emotion once per entry", () => {
    const result = overview([e("2026-11-20", 2, "sad", "tired", "sad"), e("2026-11-20", 5, "happy"), e("2026-11-21", 4, "happy", "calm"), e("2026-11-22", null, "calm")]);
    expect(result.entries).toBe(4);
    expect(result.averageMood).toBe(3.7);
    expect(result.moodSeries).toEqual([
      { date: "2026-11-20", mood: 3.5 },
      { date: "2026-11-21", mood: 4 },
    ]);
    expect(result.emotions).toEqual([
      { emotion: "happy", count: 2 },
      { emotion: "calm", count: 2 },
      { emotion: "sad", count: 1 },
      { emotion: "tired", count: 1 },
    ]);
  });

  it("says nothing with no entries", () => {
    expect(overview([])).toEqual({ entries: 0, averageMood: null, moodSeries: [], emotions: [] });
  });
});

describe("analysis", () => {
  it("averages mood by ISO weekday and finds emotions that come together", () => {
    // 2026-11-16 is a Monday, 2026-11-22 a Sunday.
    const result = analysis([e("2026-11-16", 2, "anxious", "tired"), e("2026-11-23", 4, "tired", "anxious", "sad"), e("2026-11-22", 5, "happy")], "2026-11-23");
    expect(result.moodByWeekday[0]).toEqual({ weekday: 1, averageMood: 3, entries: 2 });
    expect(result.moodByWeekday[6]).toEqual({ weekday: 7, averageMood: 5, entries: 1 });
    expect(result.moodByWeekday[2]).toEqual({ weekday: 3, averageMood: null, entries: 0 });
    expect(result.emotionPairs[0]).toEqual({ emotions: ["anxious", "tired"], count: 2 });
    expect(result.writingStreak).toEqual({ current: 2, longest: 2 });
  });
});

describe("writingStreak", () => {
  it("keeps the current streak alive until today is over, and finds the longest", () => {
    const dates = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-20", "2026-11-21"];
    expect(writingStreak(dates, "2026-11-22")).toEqual({ current: 2, longest: 3 });
    expect(writingStreak(dates, "2026-11-23")).toEqual({ current: 0, longest: 3 });
    expect(writingStreak([...dates, "2026-11-21"], "2026-11-21")).toEqual({ current: 2, longest: 3 });
  });
});

describe("insights", () => {
  it("states only what enough entries support, with the numbers behind it", () => {
    expect(insights([e("2026-11-22", 5, "happy")], "2026-11-22")).toEqual([]);
    const entries = [
      // Two weeks before: mood 2.
      e("2026-11-01", 2, "anxious", "tired"),
      e("2026-11-02", 2, "anxious", "tired"),
      e("2026-11-03", 2, "sad"),
      // The last two weeks: mood 4.
      e("2026-11-20", 4, "calm"),
      e("2026-11-21", 4, "calm", "grateful"),
      e("2026-11-22", 4, "calm"),
    ];
    const result = insights(entries, "2026-11-22");
    expect(result).toContainEqual({ kind: "moodTrend", values: { direction: "up", now: 4, then: 2 } });
    expect(result).toContainEqual({ kind: "topEmotion", values: { emotion: "calm", count: 3, entries: 6 } });
    expect(result).toContainEqual({ kind: "emotionPair", values: { first: "anxious", second: "tired", count: 2 } });
    expect(result).toContainEqual({ kind: "streak", values: { days: 3, longest: 3 } });
  });
});
