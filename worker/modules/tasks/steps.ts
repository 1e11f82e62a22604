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
 * The steps a task keeps when it is completed: all of them as they are, open ones included. As in
 * Microsoft To Do, completing a task is the person's word that it is done (a step may have been
 * skipped or no longer matter); ticking the rest for them would rewrite what they did, and
 * reopening the task would then show steps ticked that never were.
 */
export const stepsOnComplete = <T>(steps: readonly T[]): T[] => [...steps];

/**
 * Whether ticking steps completes the task: never, not even the last one. The task's status is
 * the person's (it feeds the weekly report and 'Planear o dia'); a checklist done is shown by its
 * count ("5 de 5 passos") next to the task's own checkbox, one tap away. To Do does the same.
 */
export const completesTask = (_steps: readonly { done: boolean }[]): boolean => false;

/**
 * The steps of a repeating task's next occurrence: the same texts in the same order, none ticked
 * (the next time is done anew), each with a fresh id from `makeId`.
 */
export function stepsForNext(steps: readonly { text: string }[], makeId: () => string): { id: string; text: string; position: number }[] {
  return steps.map((step, position) => ({ id: makeId(), text: step.text, position }));
}

/**
 * A task's steps as the screen shows them while ticks made offline wait in the queue: the last
 * queued `{ done }` for a step wins over the server's (one no longer pending, refused, is not drawn: its card says why).
 */
export function withQueuedTicks<T extends TaskStepView>(taskId: string, steps: readonly T[], queued: readonly { path: string; status: string; body: Record<string, unknown> }[]): T[] {
  const wanted = new Map<string, boolean>();
  const prefix = `/tasks/${taskId}/steps/`;
  for (const change of queued) {
    if (change.status !== "pending" || !change.path.startsWith(prefix) || typeof change.body.done !== "boolean") continue;
    wanted.set(change.path.slice(prefix.length), change.body.done);
  }
  if (wanted.size === 0) return steps as T[];
  return steps.map((step) => (wanted.has(step.id) && wanted.get(step.id) !== step.done ? { ...step, done: wanted.get(step.id)! } : step));
}
