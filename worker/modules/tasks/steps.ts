/**
 * A task's steps (docs/decisions/0114): the rules, as plain functions shared by the API and the
 * screen (browser-safe, no clock but the one passed in).
 */

/** At most this many steps per task, each 1–120 characters after trimming. */
export const MAX_TASK_STEPS = 20;
export const TASK_STEP_MAX_LENGTH = 120;

/** A step as every task answer carries it. */
export type TaskStepView = { id: string; text: string; done: boolean };

/** How far the steps are: "2 de 5 passos". No steps: nothing to show (`total` 0). */
export function stepProgress(steps: readonly { done: boolean }[]): { done: number; total: number } {
  return { done: steps.filter((step) => step.done).length, total: steps.length };
}

/**
 * The steps of a repeating task's next occurrence: the same texts in the same order, none ticked
 * (the next time is done anew), each with a fresh id from `makeId`.
 */
export function stepsForNext(steps: readonly { text: string }[], makeId: () => string): { id: string; text: string; position: number }[] {
  return steps.map((step, position) => ({ id: makeId(), text: step.text, position }));
}

/**
 * The ticks of `taskId`'s steps waiting in the offline queue, by step id: the last queued `{ done }`
 * of a step (one no longer pending, refused, is not drawn: its card says why).
 */
export function queuedTicksOf(taskId: string, queued: readonly { path: string; status: string; body: Record<string, unknown> }[]): Map<string, boolean> {
  const wanted = new Map<string, boolean>();
  const prefix = `/tasks/${taskId}/steps/`;
  for (const change of queued) {
    if (change.status !== "pending" || !change.path.startsWith(prefix) || typeof change.body.done !== "boolean") continue;
    wanted.set(change.path.slice(prefix.length), change.body.done);
  }
  return wanted;
}

/** A task's steps as the screen shows them while ticks made offline wait in the queue (`queuedTicksOf`, over the server's). */
export function withQueuedTicks<T extends TaskStepView>(steps: readonly T[], wanted: ReadonlyMap<string, boolean>): T[] {
  if (wanted.size === 0) return steps as T[];
  return steps.map((step) => (wanted.has(step.id) && wanted.get(step.id) !== step.done ? { ...step, done: wanted.get(step.id)! } : step));
}
