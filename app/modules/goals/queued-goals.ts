/**
 * A goal as the screen shows it while its progress, status or milestone ticks made offline wait in
 * the queue (app/lib/offline): the loader (or the cache, offline) has the server's goal, and a step
 * made offline that kept its old look would be made again. The server's own rule (resolveGoal)
 * turns them into progress and status. No import of the queue itself: part of the first load.
 */
import type { PublicGoal } from "@worker/modules/goals/queries";
import { resolveGoal, type GoalChange } from "@worker/modules/goals/rules";
import { pendingFields } from "~/lib/offline/pending-fields";

type Change = { path: string; status: string; body: Record<string, unknown> };

/** The goal writes kept offline: its progress or status, and one milestone's tick. */
export const goalPath = (goalId: string) => `/goals/${goalId}`;
export const milestonePath = (goalId: string, milestoneId: string) => `/goals/${goalId}/milestones/${milestoneId}`;

export function withQueuedGoalEdits(goal: PublicGoal, changes: readonly Change[]): PublicGoal {
  const ticks = goal.milestones.map((m) => pendingFields<{ done: boolean }>(changes, milestonePath(goal.id, m.id), ["done"]));
  const change = pendingFields<GoalChange>(changes, goalPath(goal.id), ["progress", "status"]);
  if (Object.keys(change).length === 0 && ticks.every((tick) => tick.done === undefined)) return goal;
  const milestones = goal.milestones.map((m, i) => ({ ...m, ...ticks[i] }));
  const state = resolveGoal({ ...goal, completedAt: goal.completedAt ? new Date(goal.completedAt) : null }, change, milestones, new Date());
  // Completing a goal by its status ticks its milestones too, as the server does.
  return { ...goal, milestones: state.completeMilestones ? milestones.map((m) => ({ ...m, done: true })) : milestones, progress: state.progress, status: state.status };
}
