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
