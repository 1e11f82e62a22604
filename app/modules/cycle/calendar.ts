/**
 * What the cycle calendar shows on each day, as pure functions (unit-tested): the logged flow, and
 * the predicted period, fertile window and ovulation. Dates are `YYYY-MM-DD`, compared as text.
 */
import type { Flow, Prediction } from "@worker/modules/cycle/predictions";
import { addDays, daysBetween } from "@worker/modules/cycle/predictions";

/** Days a period lasts when the history cannot tell (no period logged yet). */
export const DEFAULT_PERIOD_DAYS = 5;

export type DayMarks = {
  flow: Flow | null;
  predicted: boolean;
  fertile: boolean;
  ovulation: boolean;
  future: boolean;
  today: boolean;
};

/**
 * How long the user's periods last: the mean length (halves up) of the runs of consecutive flow
 * days, so the predicted period on the calendar looks like the ones they log.
 */
export function typicalPeriodDays(flowDates: readonly string[]): number {
  const sorted = [...new Set(flowDates)].sort();
  const runs: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && daysBetween(sorted[i - 1], sorted[i]) === 1) runs[runs.length - 1]++;
    else runs.push(1);
  }
  if (!runs.length) return DEFAULT_PERIOD_DAYS;
  const sum = runs.reduce((a, b) => a + b, 0);
  return Math.floor((2 * sum + runs.length) / (2 * runs.length));
}

type PredictionDates = Pick<Prediction, "nextPeriodStart" | "ovulation" | "fertileWindow">;

/** The marks of one day. A logged day is the truth: no prediction is drawn over it. */
export function marksOf(date: string, options: { flow: Flow | null; prediction: PredictionDates; periodDays: number; today: string }): DayMarks {
  const { flow, prediction, periodDays, today } = options;
  const next = prediction.nextPeriodStart;
  // Predictions are about days to come: past days show only what was logged.
  const ahead = date >= today;
  const logged = flow !== null && flow !== "none";
  const predicted = ahead && !logged && !!next && date >= next && date <= addDays(next, periodDays - 1);
  const window = prediction.fertileWindow;
  const fertile = ahead && !!window && date >= window.start && date <= window.end;
  return { flow, predicted, fertile, ovulation: ahead && date === prediction.ovulation, future: date > today, today: date === today };
}

/** The month shown: `?mes=YYYY-MM` when valid, else the month of today. */
export function monthOf(param: string | null, today: string): { year: number; month: number } {
  const match = param ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(param) : null;
  if (match) return { year: Number(match[1]), month: Number(match[2]) };
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** `YYYY-MM` of the month `delta` months away. */
export function shiftMonth({ year, month }: { year: number; month: number }, delta: number) {
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The flow a new day's log starts with. "Médio" where a period is likely (the day after a logged
 * flow day, around the predicted start, or before any period is logged: the first log is a
 * period's), else "Sem fluxo": a day logged for symptoms or mood outside a period, saved as it
 * opened, had counted as a period start and moved the prediction.
 */
export function suggestedFlow(date: string, context: { flowOn: (date: string) => Flow | null; prediction: Pick<Prediction, "nextPeriodStart" | "range">; periodDays: number }): Flow {
  const before = context.flowOn(addDays(date, -1));
  if (before !== null && before !== "none") return "medium";
  const { nextPeriodStart, range } = context.prediction;
  if (!nextPeriodStart || !range) return "medium";
  return date >= addDays(range.start, -3) && date <= addDays(range.end, context.periodDays) ? "medium" : "none";
}
