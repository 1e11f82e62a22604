/**
 * /api/v1/goals (../shared/API.md): CRUD with a keyset list filtered by status, and the milestones
 * of a goal under /goals/:id/milestones (docs/decisions/0023-goals.md). Every write recomputes
 * progress and status with ./rules.ts in the same batch, and completing a goal raises one
 * `goal_progress` notification.
 */
import { Hono } from "hono";
import { z } from "zod";
import { accountInHandler, currentAuth, readWithAccount, requireUser } from "../../auth/middleware";
import { database } from "../../db/client";
import { newId } from "../../lib/ids";
import { pageQuery } from "../../lib/pagination";
import { validate } from "../../lib/validate";
import { notify, publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import { addMilestone, changeGoal, createGoal, deleteGoal, goalOr404, listGoalsRead, publicGoal, removeMilestone, updateMilestone, type GoalWrite } from "./queries";
import { clampProgress, GOAL_STATUSES, isCalendarDate, MAX_DESCRIPTION, MAX_MILESTONES, MAX_TITLE } from "./rules";

/** A missing field reads "required", any other wrong type the field's own message. */
const requiredOr = (message: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? "errors:field.required" : message) });

const title = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "goals:validation.titleRequired" : "errors:field.notString") })
  .trim()
  .min(1, "goals:validation.titleRequired")
  .max(MAX_TITLE, "goals:validation.titleTooLong");
const description = z.string(requiredOr("errors:field.notString")).trim().max(MAX_DESCRIPTION, "goals:validation.descriptionTooLong");
const deadline = z.string({ error: "goals:validation.deadlineInvalid" }).refine(isCalendarDate, "goals:validation.deadlineInvalid").nullable();
// Out-of-range numbers are clamped (the contract), anything else that is not a number refused.
const progress = z.number({ error: "goals:validation.progressNotNumber" }).transform(clampProgress);
const status = z.enum(GOAL_STATUSES, { error: "goals:validation.statusInvalid" });
const milestoneTitle = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "goals:validation.milestoneTitleRequired" : "errors:field.notString") })
  .trim()
  .min(1, "goals:validation.milestoneTitleRequired")
  .max(MAX_TITLE, "goals:validation.titleTooLong");

export const createSchema = z
  .object({
    title,
    description: description.default(""),
    deadline: deadline.default(null),
    progress: progress.optional(),
    status: status.optional(),
    milestones: z.array(milestoneTitle).max(MAX_MILESTONES, "goals:validation.milestonesTooMany").default([]),
  })
  .strict();
const patchSchema = z.object({ title, description, deadline, progress, status }).partial().strict();
const listQuery = z.object({ status: status.optional(), ...pageQuery });

const milestoneCreate = z.object({ title: milestoneTitle }).strict();
const milestonePatch = z
  .object({
    title: milestoneTitle,
    done: z.boolean({ error: "goals:validation.doneNotBoolean" }),
    position: z.number().int().min(0).max(10_000),
  })
  .partial()
  .strict();

/** After a write: tell the user's other tabs, and raise `goal_progress` when it completed the goal. */
async function announce(env: Env, userId: string, write: GoalWrite, action: "created" | "updated") {
  await publishEntityChange(env, userId, { entity: "goal", id: write.goal.id, action });
  if (write.justCompleted && write.completedAt) {
    await notify(env, userId, {
      type: "goal_progress",
      template: "goals.completed",
      vars: { title: write.goal.title },
      category: "goals",
      priority: "medium",
      actionUrl: "/app/objetivos",
      metadata: { goalId: write.goal.id },
      // One per completion: a retried request cannot notify twice, a goal reopened and completed again does.
      dedupeKey: `goal-completed:${write.goal.id}:${write.completedAt.getTime()}`,
      // The completion time is the server's: only a request racing this one (or retried in the
      // following moments) can raise the same key. A week is far past them.
      dedupeUntil: new Date(write.completedAt.getTime() + 7 * 86_400_000),
    });
  }
}

export const goalsApi = new Hono<AppEnv>()
  .use("*", requireUser)

  .get("/", accountInHandler, validate("query", listQuery), async (c) => {
    const { status, limit, cursor } = c.req.valid("query");
    const { answer } = await readWithAccount(c, (db, userId) => listGoalsRead(db, userId, { status, page: { limit, cursor } }));
    return c.json(answer);
  })

  .post("/", validate("json", createSchema), async (c) => {
    const { user } = currentAuth(c);
    const input = c.req.valid("json");
    const write = await createGoal(database(c.env.DB), user.id, { id: newId(), ...input }, new Date());
    await announce(c.env, user.id, write, "created");
    return c.json(write.goal, 201);
  })

  .get("/:id", async (c) => {
    const { goal, milestones } = await goalOr404(database(c.env.DB), currentAuth(c).user.id, c.req.param("id"));
    return c.json(publicGoal(goal, milestones));
  })

  .patch("/:id", validate("json", patchSchema), async (c) => {
    const { user } = currentAuth(c);
    const write = await changeGoal(database(c.env.DB), user.id, c.req.param("id"), c.req.valid("json"), new Date());
    await announce(c.env, user.id, write, "updated");
    return c.json(write.goal);
  })

  .delete("/:id", async (c) => {
    const { user } = currentAuth(c);
    const id = await deleteGoal(database(c.env.DB), user.id, c.req.param("id"));
    await publishEntityChange(c.env, user.id, { entity: "goal", id, action: "deleted" });
    return c.body(null, 204);
  })

  .post("/:id/milestones", validate("json", milestoneCreate), async (c) => {
    const { user } = currentAuth(c);
    const write = await addMilestone(database(c.env.DB), user.id, c.req.param("id"), { id: newId(), title: c.req.valid("json").title }, new Date());
    await announce(c.env, user.id, write, "updated");
    return c.json(write.goal, 201);
  })

  .patch("/:id/milestones/:mid", validate("json", milestonePatch), async (c) => {
    const { user } = currentAuth(c);
    const write = await updateMilestone(database(c.env.DB), user.id, c.req.param("id"), c.req.param("mid"), c.req.valid("json"), new Date());
    await announce(c.env, user.id, write, "updated");
    return c.json(write.goal);
  })

  .delete("/:id/milestones/:mid", async (c) => {
    const { user } = currentAuth(c);
    const write = await removeMilestone(database(c.env.DB), user.id, c.req.param("id"), c.req.param("mid"), new Date());
    await announce(c.env, user.id, write, "updated");
    return c.json(write.goal);
  });
