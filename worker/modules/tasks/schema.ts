/**
 * The tasks module's table (issue 12). Dates `YYYY-MM-DD` (the user's calendar day), instants UTC
 * (milliseconds). Only ./queries.ts reads it (tests/unit/db-guard.test.ts).
 */
import { isNotNull } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";
import { TASK_PRIORITIES, TASK_STATUSES } from "./constants";


export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("medium"),
    durationMinutes: integer("duration_minutes").notNull().default(30),
    dueDate: text("due_date"),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("todo"),
    /** Where 'Agendar' (or the user, on the calendar) placed it; null while unscheduled. */
    scheduledStart: integer("scheduled_start", { mode: "timestamp_ms" }),
    /**
     * An RRULE (without "RRULE:") for a recurring task, read on the task's due date as an all-day
     * series: completing the task creates the next one with the rule's next date (decision 0019).
     */
    recurrence: text("recurrence"),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    // The day timeline (scheduled tasks of one local day) and the busy time of scheduling.
    index("tasks_user_scheduled_idx").on(t.userId, t.scheduledStart),
    // The pending list (status filter, by due date).
    index("tasks_user_status_due_idx").on(t.userId, t.status, t.dueDate),
    // The reminders' quarter-hour page of users: the starts in its window, across users (with the
    // status, so the done ones are left out from the index alone). Only scheduled tasks are in it.
    index("tasks_scheduled_start_idx").on(t.scheduledStart, t.userId, t.status).where(isNotNull(t.scheduledStart)),
  ],
);

export type Task = typeof tasks.$inferSelect;

/**
 * A task's steps (docs/decisions/0114): short texts in order, at most 20 (the API's limit), each
 * ticked on its own (`doneAt`). Ticking them never completes the task: that stays the task's status.
 */
export const taskSteps = sqliteTable(
  "task_steps",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    /** Its place in the list, from 0. */
    position: integer("position").notNull(),
    text: text("text").notNull(),
    /** When it was ticked; null while open. */
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // Every read names the user and its tasks: (user, task, position) serves them whole. With a
    // user-only index beside one by task, SQLite (no statistics) may take the user's and walk every
    // step of the user, as it did for routine check-ins (decision 0090, revised 2026-12-07).
    index("task_steps_user_task_position_idx").on(t.userId, t.taskId, t.position),
    // A task's deletion cascades by task id.
    index("task_steps_task_idx").on(t.taskId),
  ],
);

export type TaskStep = typeof taskSteps.$inferSelect;
