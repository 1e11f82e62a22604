/** The goals module's only data access: every query is scoped by the user id (docs/decisions/0003). */
import { and, asc, desc, eq, inArray, like, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { listPageIds, listPageRead } from "../../db/lists";
import { isWellFormedId, ownedOr404 } from "../../db/owned";
import { known, mapRead, read, readAll, run, type Read } from "../../db/reads";
import { retryWhenStale, scopedTo, stampAfter, type Scoped } from "../../db/scoped";
import type { PageRequest } from "../../lib/pagination";
import { apiError } from "../../lib/errors";
import { MAX_MILESTONES, reopens, resolveGoal, tickedByCompletion, type GoalChange, type GoalStatus } from "./rules";
import { goalMilestones, goals } from "./schema";

export type GoalRow = typeof goals.$inferSelect;
export type MilestoneRow = typeof goalMilestones.$inferSelect;

/** A goal as the API answers it: its fields and its milestones in order (no user id). */
export function publicGoal(goal: GoalRow, milestones: readonly MilestoneRow[]) {
  // reopenProgress is the server's memory for "Reabrir" (rules.ts), not part of the goal the API shows.
  const { userId: _userId, reopenProgress: _reopenProgress, ...fields } = goal;
  return {
    ...fields,
    completedAt: goal.completedAt?.toISOString() ?? null,
    createdAt: goal.createdAt.toISOString(),
    updatedAt: goal.updatedAt.toISOString(),
    milestones: milestones.map(publicMilestone),
  };
}
export type PublicGoal = ReturnType<typeof publicGoal>;

const publicMilestone = ({ userId: _userId, goalId: _goalId, createdAt: _createdAt, ...m }: MilestoneRow) => ({ ...m, doneAt: m.doneAt?.toISOString() ?? null });

/** The user's milestones of the goals `goalIds` selects (a subquery), in position order. */
const milestonesOf = (db: Db, userId: string, goalIds: SQLWrapper | string[]) =>
  scopedTo(db, userId)
    .select(goalMilestones, inArray(goalMilestones.goalId, goalIds))
    .orderBy(asc(goalMilestones.position), asc(goalMilestones.createdAt), asc(goalMilestones.id));

/** Milestone rows by goal, for these goals (rows of other goals are left out). */
function byGoal(goalIds: string[], rows: readonly MilestoneRow[]) {
  const grouped = new Map<string, MilestoneRow[]>(goalIds.map((id) => [id, []]));
  for (const row of rows) grouped.get(row.goalId)?.push(row);
  return grouped;
}

/**
 * One page of the user's goals (newest first), optionally of one status, with their milestones:
 * two statements for one D1 batch (the milestones select the page's goals by subquery).
 */
export function listGoalsRead(db: Db, userId: string, options: { status?: GoalStatus; page: PageRequest }) {
  const scoped = scopedTo(db, userId);
  const list = {
    where: options.status ? eq(goals.status, options.status) : undefined,
    order: [{ by: goals.createdAt, desc: true, of: (g: GoalRow) => g.createdAt }],
    page: options.page,
  };
  return mapRead(readAll([listPageRead(scoped, goals, list), read(milestonesOf(db, userId, listPageIds(scoped, goals, list)))]), ([page, rows]) => {
    const milestones = byGoal(page.items.map((g) => g.id), rows);
    return { items: page.items.map((g) => publicGoal(g, milestones.get(g.id) ?? [])), nextCursor: page.nextCursor };
  });
}

/**
 * The user's goal and its milestones (one D1 batch), or undefined (missing, another user's,
 * malformed id: the id is then not even sent).
 */
export function findGoalRead(db: Db, userId: string, id: string | undefined): Read<{ goal: GoalRow; milestones: MilestoneRow[] } | undefined> {
  if (!isWellFormedId(id)) return known(undefined);
  const scoped = scopedTo(db, userId);
  return mapRead(readAll([read(scoped.select(goals, eq(goals.id, id)).limit(1)), read(milestonesOf(db, userId, [id]))]), ([[goal], milestones]) =>
    goal ? { goal, milestones } : undefined,
  );
}

/** The user's goal and its milestones, or 404 (missing, another user's, malformed id). */
export async function goalOr404(db: Db, userId: string, id: string | undefined) {
  const found = await run(db, findGoalRead(db, userId, id));
  if (!found) throw apiError("not_found");
  return found;
}

/** The goal as stored after a change, for the answer (one read of the goal and its milestones). */
async function reread(db: Db, userId: string, id: string) {
  const { goal, milestones } = await goalOr404(db, userId, id);
  return publicGoal(goal, milestones);
}

/** Milestone statements to run in the goal's batch, and the goal's milestones as they will be after them. */
export type MilestonePlan = { writes: BatchItem<"sqlite">[]; after: { done: boolean }[] };

export type GoalFields = { title?: string; description?: string; deadline?: string | null };

/** What a write did: the goal after it, and whether it completed the goal (notify once). */
export type GoalWrite = { goal: PublicGoal; justCompleted: boolean; completedAt: Date | null };

/** Creates a goal with its first milestones (one batch); status and progress follow the rules. */
export async function createGoal(db: Db, userId: string, input: { id: string; title: string; description: string; deadline: string | null; milestones: string[] } & GoalChange, now: Date): Promise<GoalWrite> {
  const scoped = scopedTo(db, userId);
  const milestones = input.milestones.map((title, position) => ({ id: `${input.id}m${position}`, goalId: input.id, title, position, done: false }));
  const state = resolveGoal(null, { progress: input.progress, status: input.status }, milestones, now);
  const done = state.completeMilestones;
  await scoped.batch([
    scoped.insert(goals, { id: input.id, title: input.title, description: input.description, deadline: input.deadline, progress: state.progress, status: state.status, completedAt: state.completedAt, reopenProgress: state.reopenProgress, createdAt: now, updatedAt: now }),
    ...milestones.map((m) => scoped.insert(goalMilestones, { ...m, done, doneAt: done ? state.completedAt : null, createdAt: now })),
  ]);
  return { goal: await reread(db, userId, input.id), justCompleted: state.justCompleted, completedAt: state.completedAt };
}

/**
 * Changes a goal's fields and/or its milestones and recomputes progress and status, all in one
 * batch. `milestoneWrites` builds the milestone statements from the current ones and returns the
 * milestones as they will be after them (the rules need them).
 */
export async function changeGoal(
  db: Db,
  userId: string,
  id: string | undefined,
  change: GoalFields & GoalChange,
  now: Date,
  milestoneWrites?: (scoped: Scoped, current: MilestoneRow[]) => MilestonePlan,
): Promise<GoalWrite> {
  const scoped = scopedTo(db, userId);
  // Progress is computed from the milestones read here: a concurrent change to the goal (another
  // milestone removed at the same moment) fails the batch, and the change runs again from a fresh read.
  const written = await retryWhenStale(async () => {
    const { goal, milestones } = await goalOr404(db, userId, id);
    const at = stampAfter(goal.updatedAt, now);
    const planned = milestoneWrites?.(scoped, milestones) ?? (reopens(goal, change) ? untickCompletion(scoped, goal, milestones) : undefined);
    const after = planned ? planned.after : milestones;
    const state = resolveGoal(goal, { progress: change.progress, status: change.status }, after, at);
    const { progress: _p, status: _s, ...fields } = change;
    await scoped.batch([
      scoped.unchangedSince(goals, goal.id, goal.updatedAt, at),
      ...(planned?.writes ?? []),
      scoped.update(goals, { ...fields, progress: state.progress, status: state.status, completedAt: state.completedAt, reopenProgress: state.reopenProgress, updatedAt: at }, eq(goals.id, goal.id)),
      // Completing a goal ticks every milestone, so the checklist agrees with "completed"; stamped
      // with the completion's time, so reopening unticks exactly these.
      ...(state.completeMilestones ? [scoped.update(goalMilestones, { done: true, doneAt: state.completedAt }, and(eq(goalMilestones.goalId, goal.id), eq(goalMilestones.done, false)))] : []),
    ]);
    return { id: goal.id, justCompleted: state.justCompleted, completedAt: state.completedAt };
  });
  return { goal: await reread(db, userId, written.id), justCompleted: written.justCompleted, completedAt: written.completedAt };
}

/** "Reabrir": unticks the milestones the completion ticked (rules.ts `tickedByCompletion`). */
function untickCompletion(scoped: Scoped, goal: GoalRow, milestones: MilestoneRow[]): MilestonePlan | undefined {
  const ticked = new Set(tickedByCompletion(milestones, goal.completedAt).map((m) => m.id));
  if (!ticked.size) return undefined;
  return {
    writes: [scoped.update(goalMilestones, { done: false, doneAt: null }, and(eq(goalMilestones.goalId, goal.id), inArray(goalMilestones.id, [...ticked])))],
    after: milestones.map((m) => (ticked.has(m.id) ? { ...m, done: false } : m)),
  };
}

/** Adds a milestone at the end of the goal's checklist; progress and status follow (one batch). */
export function addMilestone(db: Db, userId: string, goalId: string | undefined, input: { id: string; title: string }, now: Date) {
  return changeGoal(db, userId, goalId, {}, now, (scoped, current) => {
    if (current.length >= MAX_MILESTONES) throw apiError("validation_failed", { messageKey: "goals:validation.milestonesTooMany", fields: { title: "goals:validation.milestonesTooMany" } });
    const position = current.reduce((max, m) => Math.max(max, m.position + 1), 0);
    return {
      writes: [scoped.insert(goalMilestones, { id: input.id, goalId: goalId!, title: input.title, position, done: false, createdAt: now })],
      after: [...current, { done: false }],
    };
  });
}

/**
 * Renames, ticks/unticks or moves one milestone of the goal (404 when it is not the goal's).
 * `position` is the index the milestone moves to (clamped to the list); the others keep their order
 * and every position is rewritten 0..n-1 in the same batch, so two milestones never share one.
 */
export function updateMilestone(db: Db, userId: string, goalId: string | undefined, milestoneId: string, change: { title?: string; done?: boolean; position?: number }, now: Date) {
  return changeGoal(db, userId, goalId, {}, now, (scoped, current) => {
    const milestone = current.find((m) => m.id === milestoneId);
    if (!milestone) throw apiError("not_found");
    const { position, ...fields } = change;
    const doneChanged = fields.done !== undefined && fields.done !== milestone.done;
    const writes: BatchItem<"sqlite">[] = [];
    if (Object.keys(fields).length) writes.push(scoped.update(goalMilestones, { ...fields, ...(doneChanged ? { doneAt: fields.done ? now : null } : {}) }, eq(goalMilestones.id, milestone.id)));
    if (position !== undefined) {
      const order = milestoneOrder(current.map((m) => m.id), milestone.id, position);
      order.forEach((id, index) => {
        if (current.find((m) => m.id === id)?.position !== index) writes.push(scoped.update(goalMilestones, { position: index }, eq(goalMilestones.id, id)));
      });
    }
    return { writes, after: current.map((m) => (m.id === milestone.id ? { done: fields.done ?? m.done } : m)) };
  });
}

/** The milestone ids in their new order after moving `id` to index `to` (clamped). */
export function milestoneOrder(ids: readonly string[], id: string, to: number) {
  const rest = ids.filter((other) => other !== id);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id);
  return rest;
}

/** Removes one milestone of the goal (404 when it is not the goal's). */
export function removeMilestone(db: Db, userId: string, goalId: string | undefined, milestoneId: string, now: Date) {
  return changeGoal(db, userId, goalId, {}, now, (scoped, current) => {
    const milestone = current.find((m) => m.id === milestoneId);
    if (!milestone) throw apiError("not_found");
    return { writes: [scoped.delete(goalMilestones, eq(goalMilestones.id, milestone.id))], after: current.filter((m) => m.id !== milestone.id) };
  });
}

/** Deletes the user's goal (its milestones go with it, ON DELETE CASCADE); 404 when not theirs. */
export async function deleteGoal(db: Db, userId: string, id: string | undefined) {
  const scoped = scopedTo(db, userId);
  const goal = await ownedOr404(scoped, goals, id);
  await scoped.delete(goals, eq(goals.id, goal.id));
  return goal.id;
}

/** Everything of the user's goals for GET /me/export (ids kept; the user id is implied). */
export async function exportGoals(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [goalRows, milestoneRows] = await Promise.all([
    scoped.select(goals).orderBy(asc(goals.createdAt), asc(goals.id)),
    scoped.select(goalMilestones).orderBy(asc(goalMilestones.goalId), asc(goalMilestones.position), asc(goalMilestones.id)),
  ]);
  return {
    goals: goalRows.map(({ userId: _userId, ...row }) => row),
    goalMilestones: milestoneRows.map(({ userId: _userId, ...row }) => row),
  };
}

/** Sample goals of the demo account (npm start), one with milestones. */
export async function seedGoals(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const now = Date.now();
  const day = 24 * 3600_000;
  const inDays = (n: number) => new Date(now + n * day).toISOString().slice(0, 10);
  await scoped.batch([
    scoped.insert(goals, { id: "demogoal1", title: "Correr 10 km", description: "Treinar três vezes por semana.", deadline: inDays(60), progress: 33, status: "in_progress", createdAt: new Date(now - 2 * day), updatedAt: new Date(now - day) }),
    scoped.insert(goalMilestones, { id: "demogoal1m0", goalId: "demogoal1", title: "Correr 5 km sem parar", position: 0, done: true, doneAt: new Date(now - day) }),
    scoped.insert(goalMilestones, { id: "demogoal1m1", goalId: "demogoal1", title: "Correr 8 km", position: 1 }),
    scoped.insert(goalMilestones, { id: "demogoal1m2", goalId: "demogoal1", title: "Correr 10 km", position: 2 }),
    scoped.insert(goals, { id: "demogoal2", title: "Ler 12 livros este ano", description: "", deadline: `${new Date(now).getUTCFullYear()}-12-31`, progress: 40, status: "in_progress", createdAt: new Date(now - day), updatedAt: new Date(now - day) }),
  ]);
}

/**
 * The impact dashboard's goal figures (docs/decisions/0037): every completed goal of the user (the
 * specification's query has no window), and the goals completed in each [from, to) range.
 */
export function completedGoalCountsRead(db: Db, userId: string, ranges: readonly { from: Date; to: Date }[]) {
  const columns: Record<string, SQL.Aliased<number>> = Object.fromEntries(
    // Aliased: a D1 batch keys rows by column name, and these expressions share their text.
    ranges.map((r, i) => [`r${i}`, sql<number>`coalesce(sum(${goals.completedAt} >= ${r.from.getTime()} and ${goals.completedAt} < ${r.to.getTime()}), 0)`.as(`r${i}`)]),
  );
  return read(
    db
      .select({ ...columns, total: sql<number>`count(*)`.as("total") })
      .from(goals)
      .where(scopedTo(db, userId).owned(goals, eq(goals.status, "completed"))),
    ([row]) => {
      const counts: Record<string, number> = row ?? {};
      return { total: Number(counts.total ?? 0), perRange: ranges.map((_, i) => Number(counts[`r${i}`] ?? 0)) };
    },
  );
}

export async function completedGoalCounts(db: Db, userId: string, ranges: readonly { from: Date; to: Date }[]) {
  return run(db, completedGoalCountsRead(db, userId, ranges));
}

/** Every goal of the user with its progress and completion (the weekly report; no milestones). */
export const goalProgressOf = (db: Db, userId: string) =>
  db
    .select({ id: goals.id, title: goals.title, progress: goals.progress, status: goals.status, completedAt: goals.completedAt, createdAt: goals.createdAt })
    .from(goals)
    .where(scopedTo(db, userId).owned(goals))
    .orderBy(asc(goals.createdAt), asc(goals.id));
