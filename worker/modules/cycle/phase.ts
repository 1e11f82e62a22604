/**
 * The phase of the menstrual cycle on a past day, from the user's own logged flow days: for the
 * weekly report and the mood-against-phase insight, which show it only with the user's opt-in
 * (`aiOnPersonalData`, docs/decisions/0031 and 0039). Pure; nothing here leaves the user's data.
 */
import { daysBetween, FERTILE_DAYS_AFTER, FERTILE_DAYS_BEFORE, LUTEAL_DAYS, MAX_CYCLE_DAYS, predictCycle, type LoggedDay } from "./predictions";

export const CYCLE_PHASES = ["menstrual", "follicular", "fertile", "luteal"] as const;
export type CyclePhase = (typeof CYCLE_PHASES)[number];

/**
 * Phase of each of `dates`: "menstrual" on a logged flow day; otherwise counted from the last
 * period start before the date: the fertile window around the estimated ovulation (the cycle's
 * length − 14 days), follicular before it, luteal after. The length is the cycle's own once the
 * next period is logged (ovulation is 14 days before the period that followed it: with cycles of
 * 24 and 36 days, the mean of 30 put the 36-day cycle's fertile days in its "luteal" phase), else
 * the user's average (predictions' rule), as for a cycle left out of the mean. Null when no period
 * started in the 60 days before the date (nothing to count from). `longCycles`: the cycles the person
 * said really were that long (predictCycle's), which keep their own length.
 */
export function phasesOn(days: readonly LoggedDay[], dates: readonly string[], longCycles: readonly string[] = []): ({ date: string; phase: CyclePhase; cycleDay: number } | null)[] {
  const flow = new Set(days.filter((d) => d.flow !== "none").map((d) => d.date));
  // The starts the prediction counts from: a bleed mid-cycle does not restart the phases.
  const { averageCycleLength, periodStarts: starts, cycleLengths } = predictCycle(days, longCycles);
  // A cycle about twice the usual one probably hides an unlogged period: its own length would put
  // ovulation 14 days before the second period, so it keeps the mean, as one over 60 days does.
  const missedFrom = new Set(cycleLengths.filter((c) => c.excluded === "likelyMissed").map((c) => c.start));
  return dates.map((date) => {
    const index = starts.findLastIndex((s) => s <= date);
    if (index < 0) return null;
    const start = starts[index];
    const cycleDay = daysBetween(start, date) + 1;
    if (cycleDay > MAX_CYCLE_DAYS) return null;
    if (flow.has(date)) return { date, phase: "menstrual", cycleDay };
    const next = starts[index + 1];
    const length = next && daysBetween(start, next) <= MAX_CYCLE_DAYS && !missedFrom.has(start) ? daysBetween(start, next) : averageCycleLength;
    const ovulationDay = length - LUTEAL_DAYS + 1; // cycle day of the estimated ovulation (day 1 = the start)
    const phase: CyclePhase =
      cycleDay < ovulationDay - FERTILE_DAYS_BEFORE ? "follicular" : cycleDay <= ovulationDay + FERTILE_DAYS_AFTER ? "fertile" : "luteal";
    return { date, phase, cycleDay };
  });
}

