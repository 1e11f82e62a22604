/**
 * A routine done several times a day (docs/decisions/0117): the rule that says when the day's
 * count makes the day done, shared by the API (which writes or removes the check-in in the batch of
 * the count, ./queries.ts) and the screen (a count still in the offline queue, an optimistic tap).
 */

/** At most this many times a day ("Beber 8 copos de água" fits; a counter of hundreds is not a routine). */
export const MAX_TIMES_PER_DAY = 20;

/** Whether `count` does the day of a routine done `timesPerDay` times a day: the target reached. */
export const doneByCount = (count: number, timesPerDay: number) => count >= Math.max(1, timesPerDay);

/**
 * The count a day shows: the target on a day done (checked in from the strip or with the today
 * button, which write no count, or done before the target was raised), else the stored count, at
 * most one short of the target (a target lowered below it since: the next tap does the day).
 */
export function countShown(stored: number, timesPerDay: number, done: boolean): number {
  if (done) return timesPerDay;
  return Math.max(0, Math.min(stored, timesPerDay - 1));
}

/** The count after a tap of +1 (`step` 1) or −1 (−1) from `count`: kept within 0 and the target. */
export const countAfter = (count: number, step: 1 | -1, timesPerDay: number) => Math.max(0, Math.min(timesPerDay, count + step));

/**
 * The days of `counts` (a routine's stored counts) counted part of the way, as `{ date: count }`:
 * above 0 and under the target, and not done (`done`: its days checked in). A day done shows the
 * target, an untouched one nothing (decision 0117, revised: the strip's past days).
 */
export function countsInProgress(counts: readonly { date: string; count: number }[], timesPerDay: number, done: readonly string[]): Record<string, number> {
  const byDate: Record<string, number> = {};
  for (const { date, count } of counts) {
    if (done.includes(date)) continue;
    const shown = countShown(count, timesPerDay, false);
    if (shown > 0) byDate[date] = shown;
  }
  return byDate;
}
