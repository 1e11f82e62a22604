import type { QueuedChange } from "~/lib/offline/queue";

/** Check-ins made offline and still in the queue, by `routineId|date` (shown as done, not sent yet). */
export function queuedCheckIns(changes: readonly QueuedChange[]): Map<string, QueuedChange> {
  const byDay = new Map<string, QueuedChange>();
  for (const change of changes) {
    const routineId = /^\/routines\/([^/]+)\/check-ins\/?$/.exec(change.path)?.[1];
    if (change.kind === "routine.checkIn" && routineId && typeof change.body.date === "string") byDay.set(`${routineId}|${change.body.date}`, change);
  }
  return byDay;
}

/**
 * Unmarks a check-in that is still in the queue. It leaves the queue first, so a replay cannot send
 * it after the unmark. True when the server must be told as well: the check-in was sent without an
 * answer and may have landed (a DELETE of a day without a check-in changes nothing there); one that
 * never left this device is simply gone.
 */
export async function unmarkQueued(waiting: QueuedChange, discard: (change: QueuedChange) => Promise<unknown>): Promise<boolean> {
  await discard(waiting);
  return waiting.sent === true;
}

/** Step ticks made offline and still in the queue, by `routineId|stepId|date` (decision 0112). */
export function queuedStepTicks(changes: readonly QueuedChange[]): Map<string, QueuedChange> {
  const byStep = new Map<string, QueuedChange>();
  for (const change of changes) {
    const [, routineId, stepId] = /^\/routines\/([^/]+)\/steps\/([^/]+)\/ticks\/?$/.exec(change.path) ?? [];
    if (change.kind === "routine.stepTick" && routineId && stepId && typeof change.body.date === "string") byStep.set(`${routineId}|${stepId}|${change.body.date}`, change);
  }
  return byStep;
}

/** The steps of `routineId` ticked on `date` among the queued ticks. */
export const stepsQueuedOn = (queued: Map<string, QueuedChange>, routineId: string, date: string) =>
  new Set([...queued.keys()].filter((key) => tickOn(key, routineId, date)).map((key) => key.slice(routineId.length + 1, -(date.length + 1))));

/** Whether a queued tick's key (`routineId|stepId|date`) is one of `routineId`'s on `date`. */
const tickOn = (key: string, routineId: string, date: string) => key.startsWith(`${routineId}|`) && key.endsWith(`|${date}`);

/**
 * A day's check-in, step ticks and count still in the queue: what undoing the day takes out of it
 * (decisions 0112, 0117), or a count sent after the undo would do the day again.
 */
export function queuedOfDay(checkIns: Map<string, QueuedChange>, ticks: Map<string, QueuedChange>, routineId: string, date: string, counts: Map<string, QueuedChange> = new Map()): QueuedChange[] {
  const dayTicks = [...ticks].filter(([key]) => tickOn(key, routineId, date)).map(([, change]) => change);
  return [checkIns.get(`${routineId}|${date}`), counts.get(`${routineId}|${date}`), ...dayTicks].filter((change) => change !== undefined);
}

/**
 * The counts of a day still in the queue, by `routineId|date` (decision 0117): the last one of each
 * (a PUT replaces an unsent one of its day in the queue; one already sent may still be before it).
 */
export function queuedCounts(changes: readonly QueuedChange[]): Map<string, QueuedChange> {
  const byDay = new Map<string, QueuedChange>();
  for (const change of changes) {
    const [, routineId, date] = /^\/routines\/([^/]+)\/counts\/([^/?]+)$/.exec(change.path) ?? [];
    if (change.kind === "routine.count" && routineId && date && typeof change.body.count === "number") byDay.set(`${routineId}|${date}`, change);
  }
  return byDay;
}
