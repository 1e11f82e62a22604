/**
 * What the cycle calendar shows on each day, as pure functions (unit-tested): the logged flow, and
 * the predicted period, fertile window and ovulation. Dates are `YYYY-MM-DD`, compared as text.
 */
import type { DateRange, Flow, LoggedDay, Prediction } from "@worker/modules/cycle/predictions";
import { addDays, CYCLES_AVERAGED, daysBetween, FERTILE_DAYS_AFTER, FERTILE_DAYS_BEFORE, LUTEAL_DAYS, predictCycle, REGULAR_SPREAD_DAYS } from "@worker/modules/cycle/predictions";
import { MAX_PERIOD_DAYS } from "@worker/modules/cycle/fields";

/** Days a period lasts when the history cannot tell (no period logged yet). */
export const DEFAULT_PERIOD_DAYS = 5;

export type DayMarks = {
  flow: Flow | null;
  predicted: boolean;
  /** On the first day of a predicted period: the days it is likely to start within. */
  likely: DateRange | null;
  fertile: boolean;
  ovulation: boolean;
  future: boolean;
  today: boolean;
};

/** How many of the most recent periods the typical length takes (as the prediction takes six cycles). */
const PERIODS_AVERAGED = 6;

/**
 * How long the user's periods last, so the predicted period on the calendar looks like the ones
 * they log: the mean length (halves up) of the last six periods, each from a start the prediction
 * counts from (`periodStarts`) through its flow days, over a single day left unlogged. A lone
 * spotting day is no period (it had counted as a one-day one and shortened every prediction), and
 * a period that may still go on (flow logged yesterday or today) is left out: on the first day of
 * the first period the prediction drew a one-day period. `endedToday`: today is logged without
 * flow ("Já terminou", docs/decisions/0107), so a period whose last day was yesterday is over.
 */
export function typicalPeriodDays(days: readonly LoggedDay[], today: string, endedToday = false): number {
  const bleeding = new Set(days.filter((d) => d.flow !== "none").map((d) => d.date));
  const starts = predictCycle(days).periodStarts;
  const lengths = starts.map((start, i) => {
    const next = starts[i + 1];
    let last = start;
    for (let day = addDays(start, 1); (!next || day < next) && (bleeding.has(day) || bleeding.has(addDays(day, 1))); day = addDays(day, 1)) {
      if (bleeding.has(day)) last = day;
    }
    return { length: daysBetween(start, last) + 1, ongoing: last >= addDays(today, endedToday ? 0 : -1) };
  });
  const chosen = lengths
    .filter((p) => !p.ongoing)
    .slice(-PERIODS_AVERAGED)
    .map((p) => p.length);
  // Only a period still going on: it lasts at least as long as logged so far.
  if (!chosen.length) return Math.max(DEFAULT_PERIOD_DAYS, ...lengths.map((p) => p.length));
  const sum = chosen.reduce((a, b) => a + b, 0);
  return Math.floor((2 * sum + chosen.length) / (2 * chosen.length));
}

/**
 * The period the cycle screen asks about, "O período continua hoje?" (docs/decisions/0107): flow
 * logged yesterday (the user's day) and nothing logged today. A day logged today, with or without
 * flow, is the answer already ("Já terminou" logs it without flow), so nothing is asked again and
 * nothing but the days themselves remembers it. Not asked once the period has lasted
 * MAX_PERIOD_DAYS: a longer one is logged on purpose, not by a tap. `days`: how many so far.
 */
export function ongoingPeriod(days: readonly LoggedDay[], today: string, todayLogged: boolean): { flow: Flow; days: number } | null {
  if (todayLogged) return null;
  const bleeding = new Map(days.filter((d) => d.flow !== "none").map((d) => [d.date, d.flow]));
  const yesterday = addDays(today, -1);
  const flow = bleeding.get(yesterday);
  if (!flow) return null;
  let length = 1;
  while (bleeding.has(addDays(yesterday, -length))) length++;
  return length < MAX_PERIOD_DAYS ? { flow, days: length } : null;
}

/** How many periods the calendar draws ahead, the next one included (about six months, as Clue does). */
export const PROJECTED_CYCLES = 6;

/** One predicted cycle: its period (first to last day), the likely range of its start, ovulation and fertile window. */
export type ProjectedCycle = { start: string; end: string; range: DateRange; ovulation: string; fertileWindow: DateRange };

/**
 * The next period and the ones after it, so months ahead on the calendar show them too: the k-th
 * after the next starts k mean cycle lengths later, with the same period length, ovulation and
 * fertile window. Its range widens by the next one's on each side per cycle (each cycle between as
 * well could be as short as the shortest, or as long as the longest). Computed here from the API's
 * prediction, which is unchanged (decision 0030). None without a prediction.
 */
export function projectedCycles(
  prediction: Pick<Prediction, "nextPeriodStart" | "range" | "averageCycleLength">,
  periodDays: number,
  count = PROJECTED_CYCLES,
): ProjectedCycle[] {
  const { nextPeriodStart: next, range, averageCycleLength } = prediction;
  if (!next) return [];
  const before = range ? daysBetween(range.start, next) : 0;
  const after = range ? daysBetween(next, range.end) : 0;
  return Array.from({ length: count }, (_, k) => {
    const start = addDays(next, k * averageCycleLength);
    const ovulation = addDays(start, -LUTEAL_DAYS);
    return {
      start,
      end: addDays(start, periodDays - 1),
      range: { start: addDays(start, -before * (k + 1)), end: addDays(start, after * (k + 1)) },
      ovulation,
      fertileWindow: { start: addDays(ovulation, -FERTILE_DAYS_BEFORE), end: addDays(ovulation, FERTILE_DAYS_AFTER) },
    };
  });
}

/** The marks of one day. A logged day is the truth: no prediction is drawn over it. */
export function marksOf(date: string, options: { flow: Flow | null; cycles: readonly ProjectedCycle[]; today: string }): DayMarks {
  const { flow, cycles, today } = options;
  // Predictions are about days to come: past days show only what was logged.
  const ahead = date >= today;
  const logged = flow !== null && flow !== "none";
  const period = ahead && !logged ? cycles.find((c) => date >= c.start && date <= c.end) : undefined;
  const fertile = ahead && cycles.some((c) => date >= c.fertileWindow.start && date <= c.fertileWindow.end);
  const ovulation = ahead && cycles.some((c) => date === c.ovulation);
  return { flow, predicted: !!period, likely: period?.start === date ? period.range : null, fertile, ovulation, future: date > today, today: date === today };
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
 * The flow a new day's log starts with. "Médio" where a period is likely: the day after a logged
 * flow day; from three days before the predicted range on, for as long as no new period is logged
 * (a late period is still a period: "Sem fluxo" there had saved its first day as no period, and the
 * prediction stayed on the missed date); before the first logged period (a new user entering past
 * periods from memory); and before any period is logged (the first log is a period's). Else "Sem
 * fluxo": a day logged for symptoms or mood within a cycle, saved as it opened, had counted as a
 * period start and moved the prediction.
 */
export function suggestedFlow(
  date: string,
  context: { flowOn: (date: string) => Flow | null; prediction: Pick<Prediction, "nextPeriodStart" | "range" | "periodStarts"> },
): Flow {
  const before = context.flowOn(addDays(date, -1));
  if (before !== null && before !== "none") return "medium";
  const { nextPeriodStart, range, periodStarts } = context.prediction;
  if (!nextPeriodStart || !range) return "medium";
  if (periodStarts.length && date < periodStarts[0]) return "medium";
  return date >= addDays(range.start, -3) ? "medium" : "none";
}

/**
 * Whole days the period is late: from the predicted start (the date the screen shows) to today, 0
 * while that date has not passed. The prediction itself stays on the missed date until a period is
 * logged (decision 0030); this only says how far behind it the user is.
 */
export function daysLate(prediction: Pick<Prediction, "nextPeriodStart">, today: string): number {
  const next = prediction.nextPeriodStart;
  return next && next < today ? daysBetween(next, today) : 0;
}

/** Cycles whose lengths differ by more than this many days are irregular (the predictions' own rule). */
export const IRREGULAR_SPREAD_DAYS = REGULAR_SPREAD_DAYS;

/**
 * The shortest and longest of the cycles the mean took, when they differ by more than a week: the
 * estimated ovulation and fertile window then come from a mean that few of the user's cycles had,
 * and the screen says so rather than show them as precise as for regular cycles. Null otherwise.
 */
export function irregularCycles(cycles: Prediction["cycleLengths"]): { shortest: number; longest: number } | null {
  const counted = cycles
    .filter((c) => c.excluded === null)
    .slice(-CYCLES_AVERAGED)
    .map((c) => c.length);
  if (counted.length < 2) return null;
  const shortest = Math.min(...counted);
  const longest = Math.max(...counted);
  return longest - shortest > IRREGULAR_SPREAD_DAYS ? { shortest, longest } : null;
}

/** A cycle write kept to send when the connection returns, as the queue holds it (app/lib/offline). */
type QueuedCycleWrite = { kind: string; path: string; status: string; body: Record<string, unknown> };

/**
 * The days that queued writes change, by date: the flow they will have (null: deleted), so the
 * calendar draws a period logged offline at once, marked as waiting. A refused write draws
 * nothing (its card says why). Later writes over earlier ones, as the server will apply them.
 */
export function queuedDays(changes: readonly QueuedCycleWrite[], days: readonly { id: string; date: string; flow: Flow }[], today: string): Map<string, Flow | null> {
  const shown = new Map<string, Flow | null>();
  const byId = new Map(days.map((d) => [d.id, d.date]));
  for (const change of changes) {
    if (change.status !== "pending" || change.kind === "cycle.markLong" || change.kind === "cycle.unmarkLong") continue;
    const body = change.body;
    if (change.kind === "cycle.period" && typeof body.start === "string") {
      const end = typeof body.end === "string" ? body.end : today;
      for (let date = body.start; date <= end; date = addDays(date, 1)) shown.set(date, body.flow as Flow);
    } else if (change.kind === "cycle.log" && typeof body.date === "string") {
      const flow = (body.flow as Flow | undefined) ?? shown.get(body.date) ?? days.find((d) => d.date === body.date)?.flow ?? "none";
      shown.set(body.date, flow);
    } else {
      const date = byId.get(change.path.split("/").pop() ?? "");
      if (!date) continue;
      if (change.kind === "cycle.delete") shown.set(date, null);
      else if (change.kind === "cycle.update" && typeof body.flow === "string") shown.set(date, body.flow as Flow);
    }
  }
  return shown;
}

/**
 * The long-cycle marks queued offline (0113 "Revised"), by cycle start: true for "Foi mesmo um ciclo
 * longo", false for its undo, the later one winning. The cycle list shows them as waiting; the
 * prediction follows once they are sent.
 */
export function queuedLongCycles(changes: readonly QueuedCycleWrite[]): Map<string, boolean> {
  const marks = new Map<string, boolean>();
  for (const change of changes) {
    if (change.status !== "pending") continue;
    if (change.kind === "cycle.markLong" && typeof change.body.start === "string") marks.set(change.body.start, true);
    else if (change.kind === "cycle.unmarkLong") marks.set(change.path.split("/").pop() ?? "", false);
  }
  return marks;
}
