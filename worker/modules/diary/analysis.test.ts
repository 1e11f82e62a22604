import { describe, expect, it } from "vitest";
import { analysis, cyclePhaseMood, insights, moodOutlier, overview, spendingMood, writingStreak, type EntryFacts } from "./analysis";

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

describe("mood by weekday and the mood trend, per day as the mood chart", () => {
  it("weighs each day once, however many entries it has", () => {
    // Two Mondays: 16 Nov with three entries of mood 1, 23 Nov with one of mood 5. Per day: (1 + 5) / 2 = 3, not 2.
    const mondays = [e("2026-11-16", 1), e("2026-11-16", 1), e("2026-11-16", 1), e("2026-11-23", 5)];
    expect(analysis(mondays, "2026-11-23").moodByWeekday[0]).toEqual({ weekday: 1, averageMood: 3, entries: 4 });
    // The mood chart says the same of those days.
    expect(overview(mondays).moodSeries).toEqual([{ date: "2026-11-16", mood: 1 }, { date: "2026-11-23", mood: 5 }]);
  });

  it("compares the days of the last two weeks with the two before, and needs three days on each side, not three entries", () => {
    const entries = [
      e("2026-11-01", 2), e("2026-11-02", 2), e("2026-11-03", 4),
      // The last two weeks: one bad day written about three times, and two good days. Per day: (1 + 4 + 4) / 3 = 3.
      e("2026-11-20", 1), e("2026-11-20", 1), e("2026-11-20", 1), e("2026-11-21", 4), e("2026-11-22", 4),
    ];
    expect(insights(entries, "2026-11-22")).toContainEqual({ kind: "moodTrend", values: { direction: "up", now: 3, then: 2.7 } });
    // Three entries of one day are one day: no trend from them.
    const oneDay = [e("2026-11-01", 2), e("2026-11-02", 2), e("2026-11-03", 2), e("2026-11-22", 4), e("2026-11-22", 4), e("2026-11-22", 4)];
    expect(insights(oneDay, "2026-11-22").some((i) => i.kind === "moodTrend")).toBe(false);
  });

  it("names the best weekday from two of its days at least, averaged per day", () => {
    // Sundays: one day with two entries of 5 (one day only: not rated). Mondays 3 and 5 (4), Tuesdays 2 and 2.
    const entries = [e("2026-11-22", 5), e("2026-11-22", 5), e("2026-11-16", 3), e("2026-11-23", 5), e("2026-11-17", 2), e("2026-11-24", 2)];
    expect(insights(entries, "2026-11-24")).toContainEqual({ kind: "bestWeekday", values: { weekday: 1, mood: 4, entries: 2 } });
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

describe("insights against the user's own baseline and other modules", () => {
  const days = (from: string, moods: number[]) => moods.map((mood, i) => e(new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), mood));

  it("points at a recent day far from the user's own median, with the median and the days behind it", () => {
    const entries = [...days("2026-11-01", [3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3]), e("2026-11-20", 1)];
    expect(moodOutlier(entries, "2026-11-22")).toEqual({ kind: "moodOutlier", values: { date: "2026-11-20", mood: 1, median: 3, days: 12, direction: "down" } });
    // Under ten days there is no baseline; a day a week old is no longer news.
    expect(moodOutlier(entries.slice(5), "2026-11-22")).toBeNull();
    expect(moodOutlier(entries, "2026-11-28")).toBeNull();
    expect(insights(entries, "2026-11-22").map((i) => i.kind)).toContain("moodOutlier");
  });

  it("compares spending on low-mood days with good-mood days, days without expenses counting as zero", () => {
    const entries = days("2026-11-01", [1, 2, 2, 4, 5, 4, 3]);
    const expenses = new Map([["2026-11-01", 3000], ["2026-11-02", 1500], ["2026-11-04", 600], ["2026-11-07", 9999]]);
    expect(spendingMood(entries, expenses)).toEqual({ kind: "spendingMood", values: { lowDays: 3, lowCents: 1500, goodDays: 3, goodCents: 200, direction: "more" } });
    expect(spendingMood(entries.slice(0, 5), expenses)).toBeNull(); // two good days only
  });

  it("gives the cycle phase with the lowest mood against the other days, only with enough days per phase", () => {
    const entries = days("2026-11-01", [2, 2, 2, 4, 4, 4, 3]);
    const phases = new Map([["2026-11-01", "menstrual"], ["2026-11-02", "menstrual"], ["2026-11-03", "menstrual"], ["2026-11-04", "follicular"], ["2026-11-05", "follicular"], ["2026-11-06", "follicular"]]);
    expect(cyclePhaseMood(entries, phases)).toEqual({ kind: "cyclePhaseMood", values: { phase: "menstrual", mood: 2, days: 3, otherMood: 4, otherDays: 3 } });
    expect(cyclePhaseMood(entries, new Map())).toBeNull();
  });
});
