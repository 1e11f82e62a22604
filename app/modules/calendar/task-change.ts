/**
 * What moving or resizing a scheduled task's block on the time grid asks of the tasks API (kept
 * apart from the screen so it is tested on its own, task-change.test.ts).
 */
import type { CalendarItem } from "./layout";

/**
 * The lengths PATCH /tasks/:id accepts, in minutes (worker/modules/tasks/api.ts: five minutes to
 * a day, MAX_DURATION_MINUTES); copied rather than imported, as the tasks queries are server code.
 */
export const TASK_DURATION_MINUTES = { min: 5, max: 24 * 60 } as const;

export type TaskChange = { kind: "moved"; body: { scheduledStart: string } } | { kind: "resized"; body: { durationMinutes: number } };

/**
 * The change for a task block now at `next`: the same start with another end is a resize (a new
 * duration, within what the API accepts); anything else a move (a new start, the length kept).
 */
export function taskChange(item: Pick<CalendarItem, "start" | "end">, next: { start: string; end: string }): TaskChange {
  const start = Date.parse(next.start);
  if (start !== Date.parse(item.start)) return { kind: "moved", body: { scheduledStart: next.start } };
  const minutes = Math.round((Date.parse(next.end) - start) / 60_000);
  return { kind: "resized", body: { durationMinutes: Math.min(TASK_DURATION_MINUTES.max, Math.max(TASK_DURATION_MINUTES.min, minutes)) } };
}
