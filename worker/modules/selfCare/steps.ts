/**
 * A routine's steps (docs/decisions/0112): the rule that says when ticking makes a day done, shared
 * by the API (which writes the check-in in SQL by the same rule, ./queries.ts) and the screen (a
 * tick still in the offline queue).
 */

/** At most this many steps per routine, each 1–80 characters after trimming. */
export const MAX_STEPS = 12;
export const STEP_MAX_LENGTH = 80;

/** Whether ticking has done the day: the routine has steps and every one of them is ticked. No steps: never by ticks. */
export function doneByTicks(stepIds: readonly string[], ticked: Iterable<string>): boolean {
  const set = new Set(ticked);
  return stepIds.length > 0 && stepIds.every((id) => set.has(id));
}

/**
 * The steps a day's checklist shows ticked, in the steps' order: all of them on a day checked in
 * (done in one go, or a step added after the day was done), else the day's ticks among the steps.
 */
export function tickedSteps(stepIds: readonly string[], ticked: Iterable<string>, checkedIn: boolean): string[] {
  if (checkedIn) return [...stepIds];
  const set = new Set(ticked);
  return stepIds.filter((id) => set.has(id));
}

/**
 * The steps ticked on each day of `ticks` that is not done, in the steps' order, by date: a past
 * day's checklist (decision 0112, revised). Only days in progress are carried: a day done shows
 * every step ticked from its check-in, and a day without ticks shows none, so neither needs a row.
 */
export function stepsTickedByDate(stepIds: readonly string[], ticks: readonly { date: string; stepId: string }[], doneDays: Iterable<string>): Record<string, string[]> {
  const done = new Set(doneDays);
  const byDate: Record<string, string[]> = {};
  for (const date of new Set(ticks.map((tick) => tick.date))) {
    if (done.has(date)) continue;
    const ticked = tickedSteps(stepIds, ticks.filter((tick) => tick.date === date).map((tick) => tick.stepId), false);
    if (ticked.length > 0) byDate[date] = ticked;
  }
  return byDate;
}
