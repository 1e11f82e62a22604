/** The tasks module's only data access: every query is scoped by the user id (tests/unit/db-guard.test.ts). */
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listPageIds, listPageRead } from "../../db/lists";
import { isWellFormedId, ownedOr404 } from "../../db/owned";
import { known, mapRead, read, readAll, run, type Read } from "../../db/reads";
import { apiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { replaceSteps, type StepInput } from "../../lib/step-list";
import { scopedTo } from "../../db/scoped";
import type { PageRequest } from "../../lib/pagination";
import type { Instant } from "../types";
import type { TaskStatus } from "./constants";
import { nextTaskId } from "./recurrence";
import { tasks, taskSteps, type Task } from "./schema";
import { stepsForNext, type TaskStepView } from "./steps";

export type { Task, StepInput };
/** A task with its steps in order, as every task answer carries them (decision 0114). */
export type TaskWithSteps = Task & { steps: TaskStepView[] };

/** The longest task (minutes): bounds how far before a range a task that overlaps it can start. */
export const MAX_DURATION_MINUTES = 24 * 60;
const MINUTE = 60_000;

export type NewTask = Omit<typeof tasks.$inferInsert, "userId">;
export type TaskChanges = Partial<Omit<NewTask, "id" | "createdAt">>;

// Sort keys must not be null (listPage): no due date sorts after every date.
const dueKey = sql<string>`coalesce(${tasks.dueDate}, '9999-12-31')`;
const priorityRank = sql<number>`case ${tasks.priority} when 'high' then 0 when 'medium' then 1 else 2 end`;
const rankOf = (priority: Task["priority"]) => (priority === "high" ? 0 : priority === "medium" ? 1 : 2);

/**
 * One page of the user's tasks. With `day` (a local day as UTC instants), the day timeline: the
 * tasks scheduled in it, by start. Otherwise the list: earliest due date first (none last), then
 * priority, then creation.
 */
export function listTasksRead(db: Db, userId: string, options: { status?: TaskStatus[]; day?: { from: Instant; to: Instant }; page: PageRequest }): Read<{ items: TaskWithSteps[]; nextCursor: string | null }> {
  const scoped = scopedTo(db, userId);
  const status = options.status?.length ? inArray(tasks.status, options.status) : undefined;
  const page = options.day
    ? {
        where: and(status, gte(tasks.scheduledStart, options.day.from), lt(tasks.scheduledStart, options.day.to)),
        order: [{ by: tasks.scheduledStart, of: (row: Task) => row.scheduledStart! }],
        page: options.page,
      }
    : {
        where: status,
        order: [
          { by: dueKey, of: (row: Task) => row.dueDate ?? "9999-12-31" },
          { by: priorityRank, of: (row: Task) => rankOf(row.priority) },
          { by: tasks.createdAt, of: (row: Task) => row.createdAt },
        ],
        page: options.page,
      };
  // The page's steps in the same batch, by the page's ids as a subquery (as a goal's milestones).
  return mapRead(readAll([listPageRead(scoped, tasks, page), stepsRead(db, userId, listPageIds(scoped, tasks, page))]), ([found, steps]) => ({
    items: found.items.map((task) => ({ ...task, steps: steps.get(task.id) ?? [] })),
    nextCursor: found.nextCursor,
  }));
}

/** The steps of the tasks `taskIds` selects (ids, or a subquery of them), in order, by task. */
export function stepsRead(db: Db, userId: string, taskIds: SQLWrapper | string[]): Read<Map<string, TaskStepView[]>> {
  if (Array.isArray(taskIds) && taskIds.length === 0) return known(new Map());
  const query = db
    .select({ taskId: taskSteps.taskId, id: taskSteps.id, text: taskSteps.text, doneAt: taskSteps.doneAt })
    .from(taskSteps)
    .where(scopedTo(db, userId).owned(taskSteps, inArray(taskSteps.taskId, taskIds)))
    .orderBy(asc(taskSteps.taskId), asc(taskSteps.position));
  return read(query, (rows) => {
    const byTask = new Map<string, TaskStepView[]>();
    for (const row of rows) {
      const list = byTask.get(row.taskId) ?? [];
      list.push({ id: row.id, text: row.text, done: row.doneAt !== null });
      byTask.set(row.taskId, list);
    }
    return byTask;
  });
}

/** Ids per statement: D1 binds at most 100 variables in one (the user id is one more). */
const IDS_PER_READ = 90;

/** `tasks` with their steps, read in one batch ('Planear o dia' weighs up to 200 tasks). */
export async function withSteps(db: Db, userId: string, list: Task[]): Promise<TaskWithSteps[]> {
  const ids = list.map((task) => task.id);
  const chunks = Array.from({ length: Math.ceil(ids.length / IDS_PER_READ) }, (_, i) => ids.slice(i * IDS_PER_READ, (i + 1) * IDS_PER_READ));
  const maps = await run(db, readAll(chunks.map((chunk) => stepsRead(db, userId, chunk))));
  const steps = new Map(maps.flatMap((map) => [...map]));
  return list.map((task) => ({ ...task, steps: steps.get(task.id) ?? [] }));
}

/** The user's task and its steps, in one batch; 404 for another user's, a missing or a malformed id. */
export async function taskWithStepsOr404(db: Db, userId: string, id: string | undefined): Promise<TaskWithSteps> {
  if (!isWellFormedId(id)) throw apiError("not_found");
  const [task, steps] = await run(db, readAll([findTaskRead(db, userId, id), stepsRead(db, userId, [id])]));
  if (!task) throw apiError("not_found");
  return { ...task, steps: steps.get(id) ?? [] };
}

/**
 * The writes that make the task's steps `wanted`, in that order, from `current` (its step ids
 * now): a kept step keeps its id and its tick; a new one starts open; one left out goes. For the
 * batch that writes the task (after it, for the foreign key).
 */
function stepWrites(db: Db, userId: string, taskId: string, current: readonly string[], wanted: readonly StepInput[]) {
  const scoped = scopedTo(db, userId);
  const { steps, gone } = replaceSteps(current, wanted);
  return [
    ...(gone.length ? [scoped.delete(taskSteps, and(eq(taskSteps.taskId, taskId), inArray(taskSteps.id, gone)))] : []),
    ...steps.map((step, position) =>
      step.isNew
        ? scoped.insert(taskSteps, { id: step.id, taskId, position, text: step.text })
        : scoped.update(taskSteps, { position, text: step.text }, and(eq(taskSteps.taskId, taskId), eq(taskSteps.id, step.id))),
    ),
  ];
}

/** The task's steps read after the writes of the same batch. */
const stepsAfter = (db: Db, userId: string, taskId: string) => stepsRead(db, userId, [taskId]);

/**
 * Ticks (`done`) or unticks one step of the user's task, and reads the task and its steps back, in
 * one batch. Only that step's row is written, so two devices ticking two steps never undo each
 * other. A step ticked again keeps when it was first ticked. 404 for another user's task, another
 * task's step or an unknown id. Ticking the last step leaves the task as it is (./steps.ts).
 */
export async function setStepDone(db: Db, userId: string, taskId: string | undefined, stepId: string | undefined, done: boolean, now = new Date()): Promise<TaskWithSteps> {
  if (!isWellFormedId(taskId) || !isWellFormedId(stepId)) throw apiError("not_found");
  const scoped = scopedTo(db, userId);
  const steps = stepsAfter(db, userId, taskId);
  const [written, [task], stepRows] = await db.batch([
    db
      .update(taskSteps)
      .set({ doneAt: done ? sql`coalesce(${taskSteps.doneAt}, ${now.getTime()})` : null })
      .where(scoped.owned(taskSteps, and(eq(taskSteps.taskId, taskId), eq(taskSteps.id, stepId))))
      .returning({ id: taskSteps.id }),
    scoped.select(tasks, eq(tasks.id, taskId)).limit(1),
    ...(steps.statements as [typeof steps.statements[number]]),
  ]);
  if (!task || written.length === 0) throw apiError("not_found");
  return { ...task, steps: steps.answer([stepRows]).get(taskId) ?? [] };
}

/** How many of the user's tasks have these statuses (the pending list's count, past its first page). */
export const countTasksRead = (db: Db, userId: string, status: TaskStatus[]): Read<number> =>
  read(db.select({ n: count() }).from(tasks).where(scopedTo(db, userId).owned(tasks, inArray(tasks.status, status))), ([row]) => row.n);

export const taskOr404 = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), tasks, id);

/** The user's task, or undefined (missing, another user's, malformed id: then nothing is read). */
export const findTaskRead = (db: Db, userId: string, id: string | undefined): Read<Task | undefined> =>
  isWellFormedId(id) ? read(scopedTo(db, userId).select(tasks, eq(tasks.id, id)).limit(1), ([task]) => task) : known(undefined);

/**
 * The start of the user's task as SQL (UTC milliseconds; NULL when it is unscheduled, missing or
 * another user's), for statements of the same batch that look around it. Undefined for a malformed id.
 */
export function scheduledStartOf(db: Db, userId: string, id: string | undefined): SQL<number> | undefined {
  if (!isWellFormedId(id)) return undefined;
  const start = db.select({ at: tasks.scheduledStart }).from(tasks).where(scopedTo(db, userId).owned(tasks, eq(tasks.id, id))).limit(1);
  return sql<number>`${start}`;
}

/** Creates a task with its steps (in order, all open), in one batch. */
export async function insertTask(db: Db, userId: string, values: NewTask, steps: readonly StepInput[] = []): Promise<TaskWithSteps> {
  const after = stepsAfter(db, userId, values.id);
  const [[row], ...rest] = await db.batch([scopedTo(db, userId).insert(tasks, values).returning(), ...stepWrites(db, userId, values.id, [], steps), ...after.statements]);
  return { ...row, steps: after.answer(rest.slice(-1)).get(row.id) ?? [] };
}

/**
 * Changes the task and, when `steps` is given, replaces its steps (`current`: its step ids now;
 * decision 0114), in one batch; answers the task with its steps.
 */
export async function updateTask(db: Db, userId: string, id: string, changes: TaskChanges, steps?: { current: readonly string[]; wanted: readonly StepInput[] }): Promise<TaskWithSteps> {
  const after = stepsAfter(db, userId, id);
  const [[row], ...rest] = await db.batch([
    scopedTo(db, userId)
      .update(tasks, { ...changes, updatedAt: new Date() }, eq(tasks.id, id))
      .returning(),
    ...(steps ? stepWrites(db, userId, id, steps.current, steps.wanted) : []),
    ...after.statements,
  ]);
  return { ...row, steps: after.answer(rest.slice(-1)).get(id) ?? [] };
}

/**
 * Completes a recurring task and creates its next occurrence with the steps `steps` copied open
 * (./steps.ts `stepsForNext`), in one batch (all or nothing). A task with the next one's id already
 * there (made when this task was completed before: its id is derived, recurrence.ts) is left as it
 * is, its steps too: the copies are written only when the next task's `createdAt` is this batch's
 * (`next.createdAt`). True when the next task was created now.
 */
export async function completeWithNext(db: Db, userId: string, id: string, changes: TaskChanges, next: NewTask & { createdAt: Date }, steps: readonly { text: string }[] = [], changesWithSteps?: { current: readonly string[]; wanted: readonly StepInput[] }): Promise<boolean> {
  const scoped = scopedTo(db, userId);
  const madeNow = sql`exists (select 1 from ${tasks} where ${tasks.id} = ${next.id} and ${tasks.userId} = ${userId} and ${tasks.createdAt} = ${next.createdAt.getTime()})`;
  const copies = stepsForNext(steps, newId).map((step) =>
    db
      .insert(taskSteps)
      .select(
        db
          .select({
            id: sql<string>`${step.id}`.as("id"),
            userId: sql<string>`${userId}`.as("user_id"),
            taskId: sql<string>`${next.id}`.as("task_id"),
            position: sql<number>`${step.position}`.as("position"),
            text: sql<string>`${step.text}`.as("text"),
            doneAt: sql<null>`null`.as("done_at"),
            createdAt: sql<number>`${next.createdAt.getTime()}`.as("created_at"),
          })
          .from(sql`(select 1)`)
          .where(madeNow),
      ),
  );
  const [, created] = await db.batch([
    scoped.update(tasks, { ...changes, updatedAt: new Date() }, eq(tasks.id, id)),
    scoped.insert(tasks, next).onConflictDoNothing({ target: tasks.id }).returning({ id: tasks.id }),
    ...(changesWithSteps ? stepWrites(db, userId, id, changesWithSteps.current, changesWithSteps.wanted) : []),
    ...copies,
  ]);
  return created.length > 0;
}

/** Scheduled tasks placed by planDay, in one batch. */
export async function scheduleMany(db: Db, userId: string, placed: { id: string; start: Date }[]): Promise<void> {
  const scoped = scopedTo(db, userId);
  const now = new Date();
  await scoped.batch(placed.map((p) => scoped.update(tasks, { scheduledStart: p.start, updatedAt: now }, eq(tasks.id, p.id))));
}

/** The task and its steps, in one batch (the foreign key cascades too; explicit is clearer). */
export async function deleteTask(db: Db, userId: string, id: string): Promise<boolean> {
  const scoped = scopedTo(db, userId);
  const [, rows] = await db.batch([scoped.delete(taskSteps, eq(taskSteps.taskId, id)), scoped.delete(tasks, eq(tasks.id, id)).returning({ id: tasks.id })]);
  return rows.length > 0;
}

/**
 * Scheduled tasks that overlap [from, to), done ones included only when `includeDone`. A task
 * lasts at most a day, so only starts from a day before `from` can reach into the range (index range).
 */
export function scheduledBetweenQuery(db: Db, userId: string, from: Instant, to: Instant, options: { includeDone?: boolean; exceptId?: string } = {}) {
  const reach = MAX_DURATION_MINUTES * MINUTE;
  const where: (SQL | undefined)[] = [
    gt(tasks.scheduledStart, from instanceof Date ? new Date(from.getTime() - reach) : sql`(${from} - ${reach})`),
    lt(tasks.scheduledStart, to),
    sql`${tasks.scheduledStart} + ${tasks.durationMinutes} * ${MINUTE} > ${from instanceof Date ? from.getTime() : from}`,
    options.includeDone ? undefined : ne(tasks.status, "done"),
    options.exceptId ? ne(tasks.id, options.exceptId) : undefined,
  ];
  return scopedTo(db, userId).select(tasks, and(...where)).orderBy(asc(tasks.scheduledStart));
}

export async function scheduledBetween(db: Db, userId: string, from: Date, to: Date, options: { includeDone?: boolean; exceptId?: string } = {}): Promise<Task[]> {
  return scheduledBetweenQuery(db, userId, from, to, options);
}

/**
 * The tasks 'Planear o dia' places on `today`: not done, not scheduled, due today, overdue or
 * without a due date (decision 0019). Dated ones come first, by due date, so that hundreds of old
 * undated tasks never push today's and the overdue out of the limit; then creation order
 * (planDay's last tie-breaker). The Hoje panel's 'Tarefas por planear' leaves the undated ones out
 * (`undated: false`).
 */
export function unscheduledForQuery(db: Db, userId: string, today: string, { undated = true, limit = 200 }: { undated?: boolean; limit?: number } = {}) {
  const due = lte(tasks.dueDate, today);
  return scopedTo(db, userId)
    .select(tasks, and(ne(tasks.status, "done"), isNull(tasks.scheduledStart), undated ? or(isNull(tasks.dueDate), due) : due))
    .orderBy(sql`${tasks.dueDate} is null`, asc(tasks.dueDate), asc(tasks.createdAt), asc(tasks.id))
    .limit(limit);
}

export async function unscheduledFor(db: Db, userId: string, today: string): Promise<Task[]> {
  return unscheduledForQuery(db, userId, today);
}

/** Pending tasks due on `date` and not scheduled (the assistant's "o que tenho amanhã?"). */
export async function dueOn(db: Db, userId: string, date: string): Promise<Task[]> {
  return scopedTo(db, userId)
    .select(tasks, and(ne(tasks.status, "done"), isNull(tasks.scheduledStart), eq(tasks.dueDate, date)))
    .orderBy(asc(tasks.createdAt), asc(tasks.id))
    .limit(50);
}

/** Everything of the user's tasks for GET /me/export (ids kept; the user id is implied). */
export async function exportTasks(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [rows, steps] = await db.batch([scoped.select(tasks).orderBy(asc(tasks.createdAt), asc(tasks.id)), scoped.select(taskSteps).orderBy(asc(taskSteps.taskId), asc(taskSteps.position))]);
  return { tasks: rows.map(({ userId: _userId, ...row }) => row), taskSteps: steps.map(({ userId: _userId, ...row }) => row) };
}


/** Demo tasks for the seeded account (npm start): a few pending ones, one with steps (one ticked), one recurring, one done. */
export async function seedTasks(db: Db, userId: string, today: string, days: (n: number) => string): Promise<void> {
  const scoped = scopedTo(db, userId);
  const rows: NewTask[] = [
    { id: `${userId}-t1`, title: "Preparar apresentação trimestral", description: "Slides e números do trimestre.", priority: "high", durationMinutes: 90, dueDate: days(2) },
    { id: `${userId}-t2`, title: "Marcar consulta no dentista", priority: "medium", durationMinutes: 15, dueDate: today },
    { id: `${userId}-t3`, title: "Rever orçamento do mês", priority: "low", durationMinutes: 30, dueDate: null },
    { id: `${userId}-t4`, title: "Ginásio", priority: "medium", durationMinutes: 60, dueDate: days(1), recurrence: "FREQ=WEEKLY;BYDAY=MO,WE,FR" },
    { id: `${userId}-t5`, title: "Enviar fatura ao cliente", priority: "high", durationMinutes: 20, dueDate: days(-1), status: "done", completedAt: new Date() },
  ];
  const steps = ["Reunir os números do trimestre", "Fazer os slides", "Ensaiar em voz alta"].map((text, position) => ({
    id: `${userId}-t1-s${position + 1}`,
    taskId: `${userId}-t1`,
    position,
    text,
    doneAt: position === 0 ? new Date() : null,
  }));
  await scoped.batch([...rows.map((row) => scoped.insert(tasks, row)), ...steps.map((step) => scoped.insert(taskSteps, step))]);
}

/**
 * The reminders job's selection (the one query over every user, hence no user id): ids of users
 * with a task that is not done and starts in [from, to] (both ends included), after `afterId`, in id order.
 * Read from the window's range of tasks_scheduled_start_idx, never by a walk of the user index: for
 * the page's order SQLite walked tasks_user_scheduled_idx from the first id, every task there is,
 * every quarter-hour. The unary `+` keeps user_id out of index choice; the few rows are sorted
 * (as the routine reminders' page, decision 0099; tests/worker/cron-query-plans.test.ts).
 */
export async function userIdsWithTasksStarting(db: Db, page: { afterId: string; limit: number }, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: tasks.userId })
    .from(tasks)
    .where(and(sql`+${tasks.userId} > ${page.afterId}`, ne(tasks.status, "done"), gte(tasks.scheduledStart, from), lte(tasks.scheduledStart, to)))
    .orderBy(sql`+${tasks.userId}`)
    .limit(page.limit);
  return rows.map((row) => row.userId);
}

/** The user's tasks that are not done and start in [from, to] (both ends included, as the reminders' window). */
export async function tasksStarting(db: Db, userId: string, from: Date, to: Date): Promise<Task[]> {
  return scopedTo(db, userId)
    .select(tasks, and(ne(tasks.status, "done"), gte(tasks.scheduledStart, from), lte(tasks.scheduledStart, to)))
    .orderBy(asc(tasks.scheduledStart));
}

/**
 * When the user's tasks were created (by the user: not the next task of a repeating one) and
 * completed in [from, to) (instants), for the weekly report
 * (worker/modules/reports), which buckets them into the user's days.
 */
export async function taskInstantsBetween(db: Db, userId: string, from: Date, to: Date): Promise<{ createdAt: number[]; completedAt: number[] }> {
  const scoped = scopedTo(db, userId);
  const [created, completed, recurringDone] = await Promise.all([
    db.select({ id: tasks.id, at: tasks.createdAt }).from(tasks).where(scoped.owned(tasks, and(gte(tasks.createdAt, from), lt(tasks.createdAt, to)))),
    db.select({ at: tasks.completedAt }).from(tasks).where(scoped.owned(tasks, and(eq(tasks.status, "done"), gte(tasks.completedAt, from), lt(tasks.completedAt, to)))),
    // The repeating tasks done since `from` (no upper bound: one reopened and done again later keeps
    // the next task made the first time). Each one's next task has the id derived from its own
    // (0072), made in the same batch as the completion: the recurrence made it, not the user.
    db.select({ id: tasks.id }).from(tasks).where(scoped.owned(tasks, and(eq(tasks.status, "done"), isNotNull(tasks.recurrence), gte(tasks.completedAt, from)))),
  ]);
  const madeByRecurrence = new Set(await Promise.all(recurringDone.map((r) => nextTaskId(r.id))));
  return {
    // "Created" is what the user made: a daily task done seven times is not "7 done (7 created)".
    createdAt: created.filter((r) => !madeByRecurrence.has(r.id)).map((r) => r.at.getTime()),
    completedAt: completed.map((r) => r.at!.getTime()),
  };
}
