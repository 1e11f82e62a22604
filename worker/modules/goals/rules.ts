/**
 * How a goal's progress and status follow from a change (docs/decisions/0023-goals.md). Pure, so
 * the API and the screen agree and the unit tests cover every rule:
 * - progress is 0–100, whole numbers (clamped, rounded); while the goal has milestones it is derived
 *   from them (done / total, rounded) and a progress sent by the client is ignored;
 * - an explicit status wins: "completed" completes (progress 100, every milestone done), "pending" or
 *   "in_progress" keeps or reopens the goal at that status;
 * - otherwise the status follows the progress: reaching 100 (from below) completes, dropping below
 *   100 reopens a completed goal, and a pending goal with some progress is in progress;
 * - `completedAt` is set once per completion (kept while the goal stays completed) and cleared on
 *   reopening; `justCompleted` is true only on the write that completes it (one notification);
 * - reopening ("Reabrir", an explicit status) unticks the milestones the completing write ticked,
 *   so the checklist and the progress are what they were before "Concluir" (docs/decisions/0081);
 *   a goal without milestones goes back to the progress it had before that write (`reopenProgress`).
 */
import { localDate } from "../../lib/time-zone";

export const GOAL_STATUSES = ["pending", "in_progress", "completed"] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 2000;
export const MAX_MILESTONES = 50;

/** A whole percentage in 0–100 (the contract clamps rather than refuses out-of-range numbers). */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return value > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** Progress from milestones (done / total, rounded), or null when the goal has none. */
export function milestoneProgress(milestones: readonly { done: boolean }[]): number | null {
  if (!milestones.length) return null;
  return Math.round((milestones.filter((m) => m.done).length / milestones.length) * 100);
}

export type GoalState = {
  progress: number;
  status: GoalStatus;
  completedAt: Date | null;
  /**
   * A completed goal without milestones: the progress it had before the write that completed it, so
   * "Reabrir" can go back to it (completing sets progress to 100 and nothing else remembers it).
   * Null while open, for a goal with milestones (they say it), and for one completed before it was kept.
   */
  reopenProgress?: number | null;
};

/**
 * Reopening a goal without milestones whose progress before completing is not known (completed
 * before it was kept): one stepper step below done, so it reads "not done yet" and "+10 %" completes it again.
 */
export const REOPEN_PROGRESS_UNKNOWN = 90;
export type GoalChange = { progress?: number; status?: GoalStatus };
export type ResolvedGoal = GoalState & {
  /** This write completes the goal (raise `goal_progress` once). */
  justCompleted: boolean;
  /**
   * Completing a goal with milestones ticks every milestone, so the checklist agrees with it (stamped
   * with `completedAt`, so reopening can tell them apart: `tickedByCompletion`).
   */
  completeMilestones: boolean;
};

/**
 * The goal after a change. `current` is null for a new goal; `milestones` are the goal's milestones
 * after the change (empty when it has none); `now` is the completion time when it completes.
 */
export function resolveGoal(current: GoalState | null, change: GoalChange, milestones: readonly { done: boolean }[], now: Date): ResolvedGoal {
  const before: GoalState = current ?? { progress: 0, status: "pending", completedAt: null };
  const derived = milestoneProgress(milestones);
  // "Reabrir" without milestones (and no progress of its own): back to where the goal was before
  // "Concluir", not left "in progress" at 100 %, where the stepper could no longer complete it.
  const reopened = current !== null && derived === null && change.progress === undefined && reopens(current, change);
  let progress = derived ?? clampProgress(reopened ? (current.reopenProgress ?? REOPEN_PROGRESS_UNKNOWN) : (change.progress ?? before.progress));
  let status: GoalStatus;
  if (change.status === "completed") status = "completed";
  else if (change.status) status = change.status;
  // Reaching 100 completes; so does saying 100 again for an open goal already there (an explicit
  // open status can leave it at 100): the stepper's "+10 %" is then how it completes.
  else if (progress === 100 && (before.progress < 100 || current === null || (derived === null && change.progress !== undefined))) status = "completed";
  else if (progress < 100 && before.status === "completed") status = progress > 0 ? "in_progress" : "pending";
  else status = before.status;
  if (status === "pending" && progress > 0 && !change.status) status = "in_progress";

  const completing = status === "completed" && before.status !== "completed";
  const completeMilestones = status === "completed" && derived !== null && derived < 100;
  if (status === "completed") progress = 100;
  const completedAt = status === "completed" ? (completing ? now : (before.completedAt ?? now)) : null;
  // Kept while it stays completed. A new goal created complete had nothing done (0); one already at
  // 100 before completing says nothing below it (REOPEN_PROGRESS_UNKNOWN then).
  const reopenProgress = status !== "completed" || derived !== null ? null : completing ? (before.progress < 100 ? before.progress : null) : (before.reopenProgress ?? null);
  return { progress, status, completedAt, reopenProgress, justCompleted: completing, completeMilestones };
}

/** The change reopens a completed goal by its status ("Reabrir"), not by a milestone or progress. */
export function reopens(current: GoalState, change: GoalChange): boolean {
  return current.status === "completed" && (change.status === "pending" || change.status === "in_progress");
}

/**
 * The milestones the write that completed the goal ticked: those done at the very instant it was
 * completed (that write stamps both with one time). Reopening unticks them; those ticked before it
 * stay done. Read from what is stored, so it holds after a reload or on another device.
 */
export function tickedByCompletion<M extends { done: boolean; doneAt: Date | null }>(milestones: readonly M[], completedAt: Date | null): M[] {
  if (!completedAt) return [];
  return milestones.filter((m) => m.done && m.doneAt?.getTime() === completedAt.getTime());
}

/**
 * The user's calendar day (YYYY-MM-DD in their zone) a goal was completed on, from the instant
 * stored. Shown through a calendar-day formatter, so the server (UTC) and the browser write the same
 * day: 00:30 in Lisbon's summer is still the day before in UTC.
 */
export function completedOnDate(completedAt: string | Date, timeZone: string): string {
  return localDate(new Date(completedAt), timeZone);
}

/** Whether a deadline (YYYY-MM-DD) has passed for an open goal, given the user's local date today. */
export function isOverdue(goal: { deadline: string | null; status: GoalStatus }, today: string): boolean {
  return goal.status !== "completed" && goal.deadline !== null && goal.deadline < today;
}

/** Points of progress a goal may be off the even pace and still be "on pace" (a stepper step). */
export const PACE_SLACK_POINTS = 10;

export type GoalPace = {
  /** Where an even pace from the day the goal was made to its deadline would be today, 0–100. */
  expected: number;
  /** Days from today to the deadline (0: due today). */
  daysLeft: number;
  state: "ahead" | "onPace" | "behind";
};

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/**
 * Where an open goal with a deadline stands against an even pace from the day it was made (in the
 * user's zone) to its deadline, as goal apps (Strides, Way of Life) show it: "on pace" within
 * `PACE_SLACK_POINTS` of it, else ahead or behind. Null for a completed goal, one without a
 * deadline, one overdue (the card says "Atrasado"), or one whose deadline is not after the day it
 * was made (no pace to keep).
 */
export function goalPace(goal: { deadline: string | null; status: GoalStatus; progress: number; createdAt: string | Date }, today: string, timeZone: string): GoalPace | null {
  if (goal.status === "completed" || goal.deadline === null || goal.deadline < today) return null;
  const start = dayNumber(localDate(new Date(goal.createdAt), timeZone));
  const total = dayNumber(goal.deadline) - start;
  if (total <= 0) return null;
  const elapsed = Math.min(total, Math.max(0, dayNumber(today) - start));
  const expected = Math.round((100 * elapsed) / total);
  const state = goal.progress >= expected + PACE_SLACK_POINTS ? "ahead" : goal.progress + PACE_SLACK_POINTS < expected ? "behind" : "onPace";
  return { expected, daysLeft: dayNumber(goal.deadline) - dayNumber(today), state };
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
