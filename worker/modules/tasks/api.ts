/**
 * /api/v1/tasks (../shared/API.md): the user's tasks, the day timeline, 'Agendar' (smart placement
 * in the first free slot of the working hours) and 'Planear o dia'.
 */
import { Hono } from "hono";
import { z } from "zod";
import { accountInHandler, currentAuth, readInUserZone, readWithAccount, requireUser } from "../../auth/middleware";
import { database, type Db } from "../../db/client";
import type { User } from "../../db/accounts";
import { read, readAll, run, type Read } from "../../db/reads";
import { ApiError, apiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { pageQuery } from "../../lib/pagination";
import { validate } from "../../lib/validate";
import { publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import type { MessageKey } from "~/locales/types";
import { isValidDate, isValidInstant } from "../calendar/recurrence";
import { timelineRead } from "../registry";
import type { TimelineBounds, TimelineItem, TimelineRange, WorkerModule } from "../types";
import * as store from "./queries";
import { isTaskRule, nextDueDate, nextTaskId } from "./recurrence";
import { DEFAULT_HORIZON_DAYS, DEFAULT_WORKING_HOURS, localDateOf, planDay, scheduleTask, shiftDate, startOfDate, type BusyInterval, type ScheduleFailure, type WorkingHours, validateWorkingHours, workingHoursOf } from "./scheduling";
import { TASK_PRIORITIES, TASK_STATUSES } from "./constants";
import type { Task, TaskWithSteps } from "./queries";
import { stepListSchema } from "../../lib/step-list";
import { MAX_TASK_STEPS, TASK_STEP_MAX_LENGTH } from "./steps";

const MINUTE = 60_000;

const date = z.string().refine(isValidDate, "tasks:errors.invalidDate");
const instant = z.string().refine(isValidInstant, "tasks:errors.invalidInstant");
const fields = {
  title: z.string().trim().min(1, "tasks:errors.titleRequired").max(200, "tasks:errors.titleTooLong"),
  description: z.string().trim().max(5000, "tasks:errors.descriptionTooLong"),
  priority: z.enum(TASK_PRIORITIES),
  durationMinutes: z.number("tasks:errors.duration").int("tasks:errors.duration").min(5, "tasks:errors.duration").max(store.MAX_DURATION_MINUTES, "tasks:errors.duration"),
  dueDate: date.nullable(),
  status: z.enum(TASK_STATUSES),
  scheduledStart: instant.nullable(),
  recurrence: z.string().trim().max(200, "tasks:errors.recurrence").nullable(),
  // The checklist in order (decision 0114): `id` keeps a step the task has (and its tick); the list
  // replaces the task's; empty, a task without steps.
  steps: stepListSchema(
    { max: MAX_TASK_STEPS, maxLength: TASK_STEP_MAX_LENGTH },
    { list: "tasks:errors.steps", text: "tasks:errors.stepText", id: "tasks:errors.stepId", tooMany: "tasks:errors.tooManySteps" },
  ),
};
/** A repeated task's rule starts from its due date: one without a date cannot repeat. */
const needsDate = (task: { recurrence?: unknown; dueDate?: unknown }) => typeof task.recurrence === "string" && task.recurrence !== "" && (task.dueDate === null || task.dueDate === undefined);

// A missing title is the specification's own message, not the generic "required".
export const createSchema = z
  .object({ ...fields, title: z.string("tasks:errors.titleRequired").pipe(fields.title) })
  .partial({ description: true, priority: true, durationMinutes: true, dueDate: true, status: true, scheduledStart: true, recurrence: true, steps: true })
  .strict()
  // Checked with the fields, even when some of them failed, so that one answer names every
  // problem: a repeat without a date was only said once the others (a 2-minute duration) were fixed.
  .refine((task) => !needsDate(task), {
    path: ["dueDate"],
    error: "tasks:errors.recurrenceNeedsDate",
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });
const patchSchema = z.object(fields).partial().strict();
/** A step ticked or unticked (PATCH /tasks/:id/steps/:stepId). */
const stepDoneSchema = z.object({ done: z.boolean("tasks:errors.stepDone") }).strict();

const statusList = z
  .string()
  .transform((value) => value.split(","))
  .pipe(z.array(z.enum(TASK_STATUSES)).min(1).max(3));
const listQuery = z.object({ ...pageQuery, status: statusList.optional(), date: date.optional() }).strict();

const failureField: Record<ScheduleFailure, { field: string; key: MessageKey }> = {
  no_slot: { field: "scheduledStart", key: "tasks:errors.noSlot" },
  too_long: { field: "durationMinutes", key: "tasks:errors.tooLong" },
  due_passed: { field: "dueDate", key: "tasks:errors.duePassed" },
};

/** A scheduling request that cannot be met: 400 with the reason as a field message; nothing changed. */
const scheduleError = (reason: ScheduleFailure) => {
  const { field, key } = failureField[reason];
  return new ApiError("validation_failed", 400, key, { [field]: key });
};

/**
 * The answer's shape of a task: instants as ISO strings, its end, whether it is overdue for the
 * user, and its steps `[{ id, text, done }]` in order (decision 0114).
 */
export function publicTask(task: TaskWithSteps, today: string) {
  const { userId: _userId, scheduledStart, completedAt, createdAt, updatedAt, ...rest } = task;
  return {
    ...rest,
    scheduledStart: scheduledStart?.toISOString() ?? null,
    scheduledEnd: scheduledStart ? new Date(scheduledStart.getTime() + task.durationMinutes * MINUTE).toISOString() : null,
    completedAt: completedAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    overdue: task.status !== "done" && task.dueDate !== null && task.dueDate < today,
  };
}

/** The user's working hours (Preferências), or the default when none (or an unusable value) is stored. */

/** A timeline item as busy time: instants, or an all-day item's local days in the user's zone. */
function busyOf(item: TimelineItem, timeZone: string): BusyInterval {
  if (!item.allDay) return { start: item.start, end: item.end };
  return { start: startOfDate(item.start, timeZone), end: startOfDate(item.end, timeZone) };
}

/** The module's timeline items: scheduled tasks that are not done (busy time for the user). */
export const taskTimeline = (db: Db, userId: string, bounds: TimelineBounds): Read<(range: TimelineRange) => TimelineItem[]> =>
  read(store.scheduledBetweenQuery(db, userId, bounds.from, bounds.to), (rows) => (range) => rows.filter((task) => overlaps(task, range)).map((task) => {
    const start = task.scheduledStart!.toISOString();
    return {
      module: "tasks",
      id: task.id,
      occurrenceStart: start,
      title: task.title,
      start,
      end: new Date(task.scheduledStart!.getTime() + task.durationMinutes * MINUTE).toISOString(),
      allDay: false,
      busy: true,
      url: `/app/tarefas?task=${task.id}`,
    };
  }));

/** Whether a scheduled task overlaps the range (what scheduledBetweenQuery selects, for bounds wider than the range). */
const overlaps = (task: Task, range: TimelineRange) =>
  task.scheduledStart!.getTime() < range.to.getTime() && task.scheduledStart!.getTime() + task.durationMinutes * MINUTE > range.from.getTime();

/** Busy time between `from` and `to`: every other module's busy items and the user's scheduled tasks. */
async function busyTimeOf(modules: readonly WorkerModule[], db: Db, user: User, from: Date, to: Date, exceptTask?: string): Promise<BusyInterval[]> {
  const [others, own] = await run(
    db,
    readAll([timelineRead(modules, db, user.id, { from, to, timeZone: user.timeZone }, "tasks"), read(store.scheduledBetweenQuery(db, user.id, from, to, { exceptId: exceptTask }))]),
  );
  return [
    ...others.filter((item) => item.busy).map((item) => busyOf(item, user.timeZone)),
    ...own.map((task) => ({ start: task.scheduledStart!, end: new Date(task.scheduledStart!.getTime() + task.durationMinutes * MINUTE) })),
  ];
}

/**
 * 'Planear o dia' without writing: today's unscheduled tasks placed in the free time of the working
 * hours. The route saves it at once; the assistant shows it as a draft to accept (worker/modules/assistant).
 */
export async function proposeDayPlan(modules: readonly WorkerModule[], db: Db, user: User, now: Date) {
  const today = localDateOf(now, user.timeZone);
  const candidates = await store.unscheduledFor(db, user.id, today);
  const dayStart = startOfDate(today, user.timeZone);
  const dayEnd = startOfDate(shiftDate(today, 1), user.timeZone);
  const busy = await busyTimeOf(modules, db, user, dayStart, dayEnd);
  // Overdue tasks are planned as due today: the day is when they can still be done.
  const plan = planDay(
    candidates.map((task) => ({ id: task.id, priority: task.priority, durationMinutes: task.durationMinutes, dueDate: task.dueDate && task.dueDate < today ? today : task.dueDate })),
    { date: today, now, workingHours: workingHoursOf(user), timeZone: user.timeZone, busy },
  );
  return { today, candidates, plan };
}

/**
 * Builds the API. `modules` is the list whose timelines count as busy time (the running app's;
 * tests add a throwaway module with its own items): read when a request runs, not at import.
 */
export function createTasksApi(modules: () => readonly WorkerModule[]) {
  const busyTime = (db: Db, user: User, from: Date, to: Date, exceptTask?: string) => busyTimeOf(modules(), db, user, from, to, exceptTask);

  /** The recurrence of a task as it will be stored, checked against its due date. */
  function checkRecurrence(recurrence: string | null | undefined, dueDate: string | null | undefined) {
    if (!recurrence) return;
    // A new task's missing date is already said with its fields (createSchema); a change's needs the stored task.
    if (!dueDate) throw new ApiError("validation_failed", 400, "tasks:errors.recurrenceNeedsDate", { dueDate: "tasks:errors.recurrenceNeedsDate" });
    if (!isTaskRule(recurrence, dueDate)) throw new ApiError("validation_failed", 400, "tasks:errors.recurrence", { recurrence: "tasks:errors.recurrence" });
  }

  const changed = (c: { env: Env }, userId: string, id: string, action: "created" | "updated" | "deleted") =>
    publishEntityChange(c.env, userId, { entity: "task", id, action });

  return new Hono<AppEnv>()
    .use("*", requireUser)

    .get("/", accountInHandler, validate("query", listQuery), async (c) => {
      const { limit, cursor, status, date: day } = c.req.valid("query");
      const options = { status, page: { limit, cursor } };
      // The list and the account in one D1 round trip; a day's bounds are the user's zone's.
      const { auth, answer: page } = day
        ? await readInUserZone(c, (db, userId, zone) => store.listTasksRead(db, userId, { ...options, day: { from: startOfDate(day, zone), to: startOfDate(shiftDate(day, 1), zone) } }))
        : await readWithAccount(c, (db, userId) => store.listTasksRead(db, userId, options));
      const today = localDateOf(new Date(), auth.user.timeZone);
      return c.json({ items: page.items.map((task) => publicTask(task, today)), nextCursor: page.nextCursor });
    })

    .post("/", validate("json", createSchema), async (c) => {
      const { user } = currentAuth(c);
      const input = c.req.valid("json");
      checkRecurrence(input.recurrence, input.dueDate);
      const now = new Date();
      const task = await store.insertTask(database(c.env.DB), user.id, {
        id: newId(),
        title: input.title,
        description: input.description ?? "",
        priority: input.priority ?? "medium",
        durationMinutes: input.durationMinutes ?? 30,
        dueDate: input.dueDate ?? null,
        status: input.status ?? "todo",
        scheduledStart: input.scheduledStart ? new Date(input.scheduledStart) : null,
        recurrence: input.recurrence || null,
        completedAt: input.status === "done" ? now : null,
      }, input.steps ?? []);
      await changed(c, user.id, task.id, "created");
      return c.json({ task: publicTask(task, localDateOf(now, user.timeZone)) }, 201);
    })

    .post("/plan-day", async (c) => {
      const { user } = currentAuth(c);
      const db = database(c.env.DB);
      const { today, candidates, plan } = await proposeDayPlan(modules(), db, user, new Date());
      await store.scheduleMany(db, user.id, plan.placed);
      const byId = new Map((await store.withSteps(db, user.id, candidates)).map((task) => [task.id, task]));
      await Promise.all(plan.placed.map((p) => changed(c, user.id, p.id, "updated")));
      return c.json({
        date: today,
        placed: plan.placed.map((p) => publicTask({ ...byId.get(p.id)!, scheduledStart: p.start }, today)),
        unplaced: plan.unplaced.map((u) => ({ task: publicTask(byId.get(u.id)!, today), reason: u.reason })),
      });
    })

    .get("/:id", async (c) => {
      const { user } = currentAuth(c);
      const task = await store.taskWithStepsOr404(database(c.env.DB), user.id, c.req.param("id"));
      return c.json({ task: publicTask(task, localDateOf(new Date(), user.timeZone)) });
    })

    .patch("/:id", validate("json", patchSchema), async (c) => {
      const { user } = currentAuth(c);
      const db = database(c.env.DB);
      const current = await store.taskWithStepsOr404(db, user.id, c.req.param("id"));
      const { steps: wantedSteps, ...input } = c.req.valid("json");
      // The list as sent replaces the task's, in the batch that writes the task (decision 0114).
      const stepChanges = wantedSteps ? { current: current.steps.map((step) => step.id), wanted: wantedSteps } : undefined;
      const dueDate = input.dueDate === undefined ? current.dueDate : input.dueDate;
      const recurrence = input.recurrence === undefined ? current.recurrence : input.recurrence || null;
      if (input.recurrence !== undefined || input.dueDate !== undefined) checkRecurrence(recurrence, dueDate);
      const now = new Date();
      const today = localDateOf(now, user.timeZone);
      const { scheduledStart, ...rest } = input;
      const changes: store.TaskChanges = { ...rest, recurrence };
      if (scheduledStart !== undefined) changes.scheduledStart = scheduledStart ? new Date(scheduledStart) : null;
      const completing = input.status === "done" && current.status !== "done";
      if (completing) changes.completedAt = now;
      if (input.status && input.status !== "done") changes.completedAt = null;

      const nextDue = completing && recurrence && dueDate ? nextDueDate(recurrence, dueDate, today) : null;
      if (nextDue) {
        const merged = { ...current, ...changes };
        const next = {
          createdAt: now,
          id: await nextTaskId(current.id),
          title: merged.title,
          description: merged.description,
          priority: merged.priority,
          durationMinutes: merged.durationMinutes,
          dueDate: nextDue,
          status: "todo" as const,
          scheduledStart: null,
          recurrence,
          completedAt: null,
        };
        // The completed task keeps its rule for the record; only the newest one carries it on.
        // Completed again after being reopened, the next task made the first time (which the user
        // may have edited since) stays, and no second one is added: `next` is then null.
        // The next occurrence copies the steps (as this change leaves them) open: stepsForNext, ./steps.ts.
        const nextSteps = wantedSteps ?? current.steps;
        if (await store.completeWithNext(db, user.id, current.id, changes, next, nextSteps, stepChanges)) {
          const [done, created] = await Promise.all([store.taskWithStepsOr404(db, user.id, current.id), store.taskWithStepsOr404(db, user.id, next.id)]);
          await Promise.all([changed(c, user.id, done.id, "updated"), changed(c, user.id, created.id, "created")]);
          return c.json({ task: publicTask(done, today), next: publicTask(created, today) });
        }
        const done = await store.taskWithStepsOr404(db, user.id, current.id);
        await changed(c, user.id, done.id, "updated");
        return c.json({ task: publicTask(done, today), next: null });
      }
      // Completing leaves the steps as they are, open ones too, as Microsoft To Do does (decision 0114).
      const task = await store.updateTask(db, user.id, current.id, changes, stepChanges);
      await changed(c, user.id, task.id, "updated");
      return c.json({ task: publicTask(task, today), next: null });
    })

    // One step ticked or unticked (decision 0114): only that step's row is written, so another
    // device ticking another step never undoes this one (a PATCH of the whole list would). The
    // task stays as it is, even when the last step is ticked (decision 0114).
    .patch("/:id/steps/:stepId", validate("json", stepDoneSchema), async (c) => {
      const { user } = currentAuth(c);
      const task = await store.setStepDone(database(c.env.DB), user.id, c.req.param("id"), c.req.param("stepId"), c.req.valid("json").done);
      await changed(c, user.id, task.id, "updated");
      return c.json({ task: publicTask(task, localDateOf(new Date(), user.timeZone)) });
    })

    .delete("/:id", async (c) => {
      const { user } = currentAuth(c);
      const id = c.req.param("id");
      if (!(await store.deleteTask(database(c.env.DB), user.id, id))) throw apiError("not_found");
      await changed(c, user.id, id, "deleted");
      return c.body(null, 204);
    })

    .post("/:id/schedule", async (c) => {
      const { user } = currentAuth(c);
      const db = database(c.env.DB);
      const task = await store.taskOr404(db, user.id, c.req.param("id"));
      if (task.status === "done") throw apiError("conflict", { messageKey: "tasks:errors.alreadyDone" });
      const now = new Date();
      const today = localDateOf(now, user.timeZone);
      const horizonEnd = startOfDate(shiftDate(today, DEFAULT_HORIZON_DAYS + 1), user.timeZone);
      // Rescheduling a placed task: its own current place is not busy time.
      const busy = await busyTime(db, user, now, horizonEnd, task.id);
      const result = scheduleTask(task, { now, workingHours: workingHoursOf(user), timeZone: user.timeZone, busy });
      if (!result.ok) throw scheduleError(result.reason);
      const placed = await store.updateTask(db, user.id, task.id, { scheduledStart: result.start });
      await changed(c, user.id, task.id, "updated");
      return c.json({ task: publicTask(placed, today) });
    });
}
