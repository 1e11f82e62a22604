/**
 * Cycle predictions from the user's own logged days (issue 15; docs/decisions/0030). Pure functions
 * over `YYYY-MM-DD` dates: no clock, no time zone, no database — the caller passes the days.
 */

/** The flows a day can have ("none" logs symptoms or mood on a day without bleeding). */
export const FLOWS = ["none", "spotting", "light", "medium", "heavy"] as const;
export type Flow = (typeof FLOWS)[number];

/** Cycles outside these bounds (in days) are left out of the mean: a missed log or a skipped period. */
export const MIN_CYCLE_DAYS = 15;
export const MAX_CYCLE_DAYS = 60;
/**
 * A cycle this close (in days) to twice the user's usual length, when the other cycles are regular
 * (their lengths within `REGULAR_SPREAD_DAYS` of each other), is most likely two cycles with the
 * period between them left unlogged. Counted, one such gap moves a 28-day mean to 33 for six cycles.
 */
export const MISSED_LOG_TOLERANCE_DAYS = 5;
/** Cycles whose lengths differ by more than this many days are irregular (FIGO: 7–9 days is normal variation). */
export const REGULAR_SPREAD_DAYS = 7;
/** The length used while fewer than two cycles remain. */
export const DEFAULT_CYCLE_DAYS = 28;
/** How many of the most recent remaining cycles the mean takes. */
export const CYCLES_AVERAGED = 6;
/** Half-width of the range while the user's own cycles cannot give a spread (fewer than two). */
export const DEFAULT_RANGE_DAYS = 3;
/**
 * Least half-width of the range while fewer than six cycles are counted: two or three cycles of the
 * same length say little about the next one (cycles vary by a few days), so the range never
 * narrows to the predicted day alone on so little history.
 */
export const MIN_RANGE_DAYS = 2;
/** Ovulation is this many days before the next period; the fertile window spans it. */
export const LUTEAL_DAYS = 14;
export const FERTILE_DAYS_BEFORE = 5;
export const FERTILE_DAYS_AFTER = 1;

export type LoggedDay = { date: string; flow: Flow };

/** What a prediction is made from: the flow days, and the starts of the cycles the person said really were long. */
export type CycleHistory = { days: LoggedDay[]; longCycles: string[] };

/** One cycle: from one period start to the next (`end` is the next start, exclusive). */
export type Cycle = {
  start: string;
  end: string;
  length: number;
  excluded: null | "tooShort" | "tooLong" | "likelyMissed";
  /** With "likelyMissed": about when the unlogged period was (halfway), for the screen to offer logging it. */
  missedStart?: string;
  /**
   * The person said this cycle really was that long (0113 "Revised"): it would be "likelyMissed"
   * and is counted instead. Only on a cycle the mark changed, so the screen can offer to take it back.
   */
  confirmedLong?: true;
};

export type DateRange = { start: string; end: string };

export type Prediction = {
  /** Null until at least one period is logged (nothing to count from). */
  nextPeriodStart: string | null;
  range: DateRange | null;
  ovulation: string | null;
  fertileWindow: DateRange | null;
  averageCycleLength: number;
  /** Every cycle between consecutive starts, oldest first; left-out ones say why. */
  cycleLengths: Cycle[];
  /** The period starts cycles are counted from, oldest first (not one under 15 days after the one before). */
  periodStarts: string[];
};

const DAY_MS = 86_400_000;
const toDay = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `date` moved by `days` (calendar days; dates have no time zone). */
export const addDays = (date: string, days: number) => fromDay(toDay(date) + days);
/** Whole days from `from` to `to`. */
export const daysBetween = (from: string, to: string) => toDay(to) - toDay(from);

/**
 * Period starts: the first day of a run of consecutive flow days that has at least one day of more
 * than spotting. A run of spotting alone (a mid-cycle bleed) starts nothing; spotting the day before
 * a period is its first day, as people log it. Days may come in any order and the same date more
 * than once (a later entry for a date wins, as the API's upsert does).
 */
export function periodStarts(days: readonly LoggedDay[]): string[] {
  const flowByDate = new Map<string, Flow>();
  for (const day of days) flowByDate.set(day.date, day.flow);
  const bleeding = (date: string) => (flowByDate.get(date) ?? "none") !== "none";
  const starts: string[] = [];
  for (const date of [...flowByDate.keys()].sort()) {
    if (!bleeding(date) || bleeding(addDays(date, -1))) continue;
    for (let day = date; bleeding(day); day = addDays(day, 1)) {
      if (flowByDate.get(day) !== "spotting") {
        starts.push(date);
        break;
      }
    }
  }
  return starts;
}

/**
 * Cycles between consecutive starts, each marked when it falls outside 15–60 days. A start under 15
 * days after the one before (a bleed mid-cycle, or a period split by a day left unlogged) is listed,
 * left out, and not counted from: the next cycle is measured from the start before it, so one odd
 * day neither moves the prediction nor makes the following cycle look short.
 */
export function cyclesOf(starts: readonly string[]): Cycle[] {
  const cycles: Cycle[] = [];
  let from = starts[0];
  for (const start of starts.slice(1)) {
    const length = daysBetween(from, start);
    const excluded = length < MIN_CYCLE_DAYS ? "tooShort" : length > MAX_CYCLE_DAYS ? "tooLong" : null;
    cycles.push({ start: from, end: start, length, excluded });
    if (excluded !== "tooShort") from = start;
  }
  return cycles;
}

/** Twice the median, in whole days: the two middle values added (the middle one twice for an odd count). */
const twiceMedian = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)];
};

/**
 * Marks the cycles that look like two with a period left unlogged between them. The usual cycles
 * are the counted ones under 1.5 × their median; when there are at least two, they are regular
 * (within `REGULAR_SPREAD_DAYS`) and outnumber the longer ones, a counted cycle within
 * `MISSED_LOG_TOLERANCE_DAYS` of twice their median is marked "likelyMissed": left out of the mean,
 * as one over 60 days is, and still counted from (its end is a real start). Where long cycles are
 * as common as short ones (21, 40, 22, 42 days) every length is kept: there a long cycle is as
 * likely as a forgotten period. Clue and Flo ask the same when a cycle is about double the usual.
 */
export function markLikelyMissed(cycles: readonly Cycle[], longCycles: readonly string[] = []): Cycle[] {
  const lengths = cycles.filter((c) => c.excluded === null).map((c) => c.length);
  // Under 1.5 × the median: 4 × length < 3 × (twice the median), in whole numbers.
  const all = lengths.length ? twiceMedian(lengths) : 0;
  const usual = lengths.filter((length) => 4 * length < 3 * all);
  const longer = lengths.length - usual.length;
  if (usual.length < 2 || longer >= usual.length || Math.max(...usual) - Math.min(...usual) > REGULAR_SPREAD_DAYS) return [...cycles];
  const twice = twiceMedian(usual);
  // The person's word wins over the guess: a cycle she said really was long is counted. A mark
  // whose start begins no such cycle (a period logged inside it since) changes nothing.
  const confirmed = new Set(longCycles);
  return cycles.map((cycle) =>
    cycle.excluded !== null || Math.abs(cycle.length - twice) > MISSED_LOG_TOLERANCE_DAYS
      ? cycle
      : confirmed.has(cycle.start)
        ? { ...cycle, confirmedLong: true }
        : { ...cycle, excluded: "likelyMissed", missedStart: addDays(cycle.start, Math.round(cycle.length / 2)) },
  );
}

/** The starts cycles are counted from: every start but those under 15 days after the one before. */
const countedStarts = (starts: readonly string[], cycles: readonly Cycle[]) => (starts.length ? [starts[0], ...cycles.filter((c) => c.excluded !== "tooShort").map((c) => c.end)] : []);

/** Integer mean, halves rounding up (exact: no floating point for 28.5). */
const meanHalfUp = (values: readonly number[]) => {
  const sum = values.reduce((a, b) => a + b, 0);
  return Math.floor((2 * sum + values.length) / (2 * values.length));
};

/**
 * The prediction the screen, the API and the reminder share. `longCycles`: the starts of the cycles
 * the person said really were about twice her usual one (counted, not left out as "likelyMissed").
 */
export function predictCycle(days: readonly LoggedDay[], longCycles: readonly string[] = []): Prediction {
  const allStarts = periodStarts(days);
  const cycleLengths = markLikelyMissed(cyclesOf(allStarts), longCycles);
  const starts = countedStarts(allStarts, cycleLengths);
  const counted = cycleLengths
    .filter((c) => c.excluded === null)
    .slice(-CYCLES_AVERAGED)
    .map((c) => c.length);
  const enough = counted.length >= 2;
  const averageCycleLength = enough ? meanHalfUp(counted) : DEFAULT_CYCLE_DAYS;
  const last = starts[starts.length - 1];
  if (!last) return { nextPeriodStart: null, range: null, ovulation: null, fertileWindow: null, averageCycleLength, cycleLengths, periodStarts: starts };

  const nextPeriodStart = addDays(last, averageCycleLength);
  // The range spans the shortest to the longest of the cycles the mean took (the mean lies
  // between them); without two of them, a fixed ± few days; with fewer than six, at least ± two.
  const margin = counted.length < CYCLES_AVERAGED ? MIN_RANGE_DAYS : 0;
  const range = enough
    ? {
        start: addDays(last, Math.min(...counted, averageCycleLength - margin)),
        end: addDays(last, Math.max(...counted, averageCycleLength + margin)),
      }
    : { start: addDays(nextPeriodStart, -DEFAULT_RANGE_DAYS), end: addDays(nextPeriodStart, DEFAULT_RANGE_DAYS) };
  const ovulation = addDays(nextPeriodStart, -LUTEAL_DAYS);
  const fertileWindow = { start: addDays(ovulation, -FERTILE_DAYS_BEFORE), end: addDays(ovulation, FERTILE_DAYS_AFTER) };
  return { nextPeriodStart, range, ovulation, fertileWindow, averageCycleLength, cycleLengths, periodStarts: starts };
}
