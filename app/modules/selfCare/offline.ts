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
