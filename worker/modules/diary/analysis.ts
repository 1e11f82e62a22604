/**
 * The diary's overview, analysis and insights, computed from the user's saved entries only (pure
 * functions: no invented facts, every figure traceable to entries). Dates are the user's calendar
 * days (`YYYY-MM-DD`).
 */
import { addDays, daysBetween, isoWeekday } from "../selfCare/streaks";
import { EMOTIONS, type Emotion } from "./vocabulary";

/** What the analysis reads of an entry (drafts are left out by the caller). */
export type EntryFacts = { date: string; mood: number | null; emotions: readonly Emotion[] };

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (values: number[]) => (values.length ? round1(values.reduce((a, b) => a + b, 0) / values.length) : null);

/** Mood over time (the mean of each day with a mood) and how often each emotion was named. */
export function overview(entries: readonly EntryFacts[]) {
  const byDay = new Map<string, number[]>();
  const emotionCounts = Object.fromEntries(EMOTIONS.map((e) => [e, 0])) as Record<Emotion, number>;
  const moods: number[] = [];
  for (const entry of entries) {
    if (entry.mood !== null) {
      moods.push(entry.mood);
      byDay.set(entry.date, [...(byDay.get(entry.date) ?? []), entry.mood]);
    }
    for (const emotion of new Set(entry.emotions)) emotionCounts[emotion] += 1;
  }
  const moodSeries = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, values]) => ({ date, mood: mean(values)! }));
  const emotions = EMOTIONS.map((emotion) => ({ emotion, count: emotionCounts[emotion] }))
    .filter((e) => e.count > 0)
    .sort((a, b) => b.count - a.count || EMOTIONS.indexOf(a.emotion) - EMOTIONS.indexOf(b.emotion));
  return { entries: entries.length, averageMood: mean(moods), moodSeries, emotions };
}

/**
 * Mood by ISO weekday (1 = Monday), the emotions named together most often, the writing streak.
 * `writtenDays`: every day with a saved entry up to `today`, for the streak (the entries may be one
 * range only; without it the streak is counted over the entries given).
 */
export function analysis(entries: readonly EntryFacts[], today: string, writtenDays: readonly string[] = entries.map((e) => e.date)) {
  // Each day weighs once, with its mean mood (as the mood chart's points): three entries on one
  // Monday must not outweigh the other Mondays. `entries` still counts the entries with a mood.
  const weekdays = Array.from({ length: 7 }, () => [] as number[]);
  const counted = Array.from({ length: 7 }, () => 0);
  for (const [date, mood] of dailyMoods(entries)) weekdays[isoWeekday(date) - 1].push(mood);
  for (const entry of entries) if (entry.mood !== null) counted[isoWeekday(entry.date) - 1] += 1;
  const pairs = new Map<string, number>();
  for (const entry of entries) {
    const named = EMOTIONS.filter((e) => entry.emotions.includes(e));
    for (let i = 0; i < named.length; i++) for (let j = i + 1; j < named.length; j++) {
      const key = `${named[i]}+${named[j]}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
  }
  const moodByWeekday = weekdays.map((moods, i) => ({ weekday: i + 1, averageMood: mean(moods), entries: counted[i] }));
  const emotionPairs = [...pairs.entries()]
    .map(([key, count]) => ({ emotions: key.split("+") as [Emotion, Emotion], count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, 5);
  return { moodByWeekday, emotionPairs, writingStreak: writingStreak(writtenDays, today) };
}

/**
 * Days in a row with at least one entry: `current` ends today, or yesterday while today has no
 * entry yet (the day is not over); `longest` over the whole range.
 */
export function writingStreak(dates: readonly string[], today: string) {
  const days = [...new Set(dates)].filter((d) => d <= today).sort();
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    run = previous && daysBetween(previous, day) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const written = new Set(days);
  let current = 0;
  let day = written.has(today) ? today : addDays(today, -1);
  while (written.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  return { current, longest };
}

/** One insight: a catalogue key (diary:insights.<kind>) and the computed values it quotes. */
export type Insight = {
  kind: "moodTrend" | "bestWeekday" | "topEmotion" | "emotionPair" | "streak" | "moodOutlier" | "spendingMood" | "cyclePhaseMood";
  values: Record<string, string | number>;
};

/** Minimum data before a statement is made: fewer entries would be noise, not a pattern. */
const MIN_ENTRIES = 3;

/**
 * Statements the entries support, each with the numbers it rests on: the mood of the last 14 days
 * against the 14 before, the weekday with the best mood, the most named emotion, the pair named
 * together most, the writing streak. Nothing is said without enough entries behind it.
 */
export function insights(entries: readonly EntryFacts[], today: string, writtenDays?: readonly string[]): Insight[] {
  const result: Insight[] = [];
  // Per day, as the mood chart: the mean of each day's mood, and days (not entries) counted, so a
  // day written about three times neither weighs three times nor makes a trend alone.
  const days = [...dailyMoods(entries)];
  const recent = days.filter(([date]) => daysBetween(date, today) >= 0 && daysBetween(date, today) < 14).map(([, mood]) => mood);
  const before = days.filter(([date]) => daysBetween(date, today) >= 14 && daysBetween(date, today) < 28).map(([, mood]) => mood);
  if (recent.length >= MIN_ENTRIES && before.length >= MIN_ENTRIES) {
    const now = mean(recent)!;
    const then = mean(before)!;
    const direction = now > then ? "up" : now < then ? "down" : "same";
    result.push({ kind: "moodTrend", values: { direction, now, then } });
  }
  const { moodByWeekday, emotionPairs, writingStreak: streak } = analysis(entries, today, writtenDays);
  // A weekday speaks with two days of it at least (two entries of one Monday are one Monday).
  const daysOf = (weekday: number) => days.filter(([date]) => isoWeekday(date) === weekday).length;
  const rated = moodByWeekday.filter((d) => d.averageMood !== null && daysOf(d.weekday) >= 2);
  if (rated.length >= 2) {
    const best = rated.reduce((a, b) => (b.averageMood! > a.averageMood! ? b : a));
    result.push({ kind: "bestWeekday", values: { weekday: best.weekday, mood: best.averageMood!, entries: best.entries } });
  }
  const { emotions } = overview(entries);
  if (entries.length >= MIN_ENTRIES && emotions[0]) {
    result.push({ kind: "topEmotion", values: { emotion: emotions[0].emotion, count: emotions[0].count, entries: entries.length } });
  }
  if (emotionPairs[0] && emotionPairs[0].count >= 2) {
    result.push({ kind: "emotionPair", values: { first: emotionPairs[0].emotions[0], second: emotionPairs[0].emotions[1], count: emotionPairs[0].count } });
  }
  if (streak.current >= 2) result.push({ kind: "streak", values: { days: streak.current, longest: streak.longest } });
  const outlier = moodOutlier(entries, today);
  if (outlier) result.push(outlier);
  return result;
}

/** Days with a mood before the user's own median means something (a median of three is no baseline). */
const OUTLIER_MIN_DAYS = 10;
/** Distance from the median, on the 1–5 scale, that makes a day stand out. */
const OUTLIER_DISTANCE = 1.5;
/** Days on each side before two groups of days are compared (spending, cycle phases). */
const GROUP_MIN_DAYS = 3;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The mean mood of each day that has one. */
function dailyMoods(entries: readonly EntryFacts[]) {
  const byDay = new Map<string, number[]>();
  for (const e of entries) if (e.mood !== null) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e.mood]);
  return new Map([...byDay].map(([date, moods]) => [date, moods.reduce((a, b) => a + b, 0) / moods.length]));
}

/**
 * The most recent day of the last 7 whose mood is at least 1.5 from the user's own median (over
 * at least 10 days with a mood): "on 12 March your mood was 1, against your usual 3.5".
 */
export function moodOutlier(entries: readonly EntryFacts[], today: string): Insight | null {
  const days = dailyMoods(entries);
  if (days.size < OUTLIER_MIN_DAYS) return null;
  const usual = median([...days.values()]);
  const recent = [...days].filter(([date]) => daysBetween(date, today) >= 0 && daysBetween(date, today) < 7).sort(([a], [b]) => (a < b ? 1 : -1));
  const found = recent.find(([, mood]) => Math.abs(mood - usual) >= OUTLIER_DISTANCE);
  if (!found) return null;
  return { kind: "moodOutlier", values: { date: found[0], mood: round1(found[1]), median: round1(usual), days: days.size, direction: found[1] > usual ? "up" : "down" } };
}

/**
 * Spending against mood: the mean expenses (cents) of days with a low mood (1–2) against days
 * with a good one (4–5), each group at least three days with a mood; days without expenses count
 * as zero. `expenses` holds the expense total of each day with any.
 */
export function spendingMood(entries: readonly EntryFacts[], expenses: ReadonlyMap<string, number>): Insight | null {
  const low: number[] = [];
  const good: number[] = [];
  for (const [date, mood] of dailyMoods(entries)) {
    if (mood <= 2) low.push(expenses.get(date) ?? 0);
    else if (mood >= 4) good.push(expenses.get(date) ?? 0);
  }
  if (low.length < GROUP_MIN_DAYS || good.length < GROUP_MIN_DAYS) return null;
  const lowMean = Math.round(low.reduce((a, b) => a + b, 0) / low.length);
  const goodMean = Math.round(good.reduce((a, b) => a + b, 0) / good.length);
  if (lowMean === goodMean) return null;
  return { kind: "spendingMood", values: { lowDays: low.length, lowCents: lowMean, goodDays: good.length, goodCents: goodMean, direction: lowMean > goodMean ? "more" : "less" } };
}

/**
 * Mood against cycle phase (only with the user's opt-in; the caller passes no phases otherwise):
 * the phase with the lowest mean mood against the mean of the other days, with its days counted.
 */
export function cyclePhaseMood(entries: readonly EntryFacts[], phaseOf: ReadonlyMap<string, string>): Insight | null {
  const byPhase = new Map<string, number[]>();
  for (const [date, mood] of dailyMoods(entries)) {
    const phase = phaseOf.get(date);
    if (phase) byPhase.set(phase, [...(byPhase.get(phase) ?? []), mood]);
  }
  const counted = [...byPhase].filter(([, moods]) => moods.length >= GROUP_MIN_DAYS);
  if (counted.length < 2) return null;
  const means = counted.map(([phase, moods]) => ({ phase, days: moods.length, mood: moods.reduce((a, b) => a + b, 0) / moods.length }));
  const lowest = means.reduce((a, b) => (b.mood < a.mood ? b : a));
  const others = counted.filter(([phase]) => phase !== lowest.phase).flatMap(([, moods]) => moods);
  const othersMean = others.reduce((a, b) => a + b, 0) / others.length;
  if (round1(othersMean) - round1(lowest.mood) < 0.5) return null;
  return { kind: "cyclePhaseMood", values: { phase: lowest.phase, mood: round1(lowest.mood), days: lowest.days, otherMood: round1(othersMean), otherDays: others.length } };
}
