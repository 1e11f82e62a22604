/**
 * Self-care routines and their check-ins (one per routine and day). Wellbeing data: only
 * ./queries.ts reads it (tests/unit/db-guard.test.ts), never logged or shown in admin screens.
 */
import { isNotNull } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";
import { FREQUENCIES, ROUTINE_CATEGORIES } from "./vocabulary";


const { createdAt } = timestamps;

/** A routine's runs of check-ins (consecutive due days done): the longest, the latest and the day it ended. */
export type CheckInRuns = { longest: number; latest: number; latestEnd: string };

export const routines = sqliteTable(
  "routines",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    category: text("category", { enum: ROUTINE_CATEGORIES }).notNull().default("other"),
    description: text("description").notNull().default(""),
    frequency: text("frequency", { enum: FREQUENCIES }).notNull().default("daily"),
    /** ISO weekdays (1 = Monday) when `frequency` is "weekdays"; empty for daily. */
    weekdays: text("weekdays", { mode: "json" }).$type<number[]>().notNull().default([]),
    durationMinutes: integer("duration_minutes"),
    /**
     * How many times a day it is done (docs/decisions/0117): 1, one tap (a check-in); more, the day's
     * count (routineDayCounts) checks the day in when it reaches this. At most MAX_TIMES_PER_DAY; a
     * routine with steps keeps 1.
     */
    timesPerDay: integer("times_per_day").notNull().default(1),
    /**
     * Its check-ins' runs under the streak rules (./streaks.ts) over the whole history: the longest,
     * and the latest with the day it ended. Rewritten from the check-ins by every write of them or
     * of the schedule (./queries.ts), so that reading a streak never reads years of check-ins
     * (docs/decisions/0090). Null without check-ins.
     */
    checkInRuns: text("check_in_runs", { mode: "json" }).$type<CheckInRuns>(),
    /** The local time of day ("HH:MM", the account's zone) of its reminder on due days; null: none (docs/decisions/0099). */
    reminderTime: text("reminder_time"),
    /**
     * When that reminder is next due (UTC ms): the next due day at `reminderTime` in the account's
     * zone, rewritten by every write of the schedule or the time, a change of zone and each send
     * (./reminder-times.ts). Null without a reminder. The minute job's index.
     */
    nextReminderAt: integer("next_reminder_at"),
    createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    index("routines_user_created_idx").on(t.userId, t.createdAt),
    // The reminders' minute job: due rows across users (ids only); most routines have no reminder.
    index("routines_next_reminder_idx").on(t.nextReminderAt, t.userId).where(isNotNull(t.nextReminderAt)),
  ],
);

export const routineCheckIns = sqliteTable(
  "routine_check_ins",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    routineId: text("routine_id")
      .notNull()
      .references(() => routines.id, { onDelete: "cascade" }),
    /** The user's calendar day (in their time zone when they checked in). */
    date: text("date").notNull(),
    createdAt,
  },
  (t) => [
    // Checking in twice on one day never makes a second row.
    uniqueIndex("routine_check_ins_routine_date_idx").on(t.routineId, t.date),
    index("routine_check_ins_user_date_idx").on(t.userId, t.date),
    // One routine's history (its runs, rewritten at every check-in): every query names the user,
    // and with only the two above SQLite took user_id = ? and date <= ? and walked every check-in
    // of the user (53,000 rows at 50 routines × 3 years) instead of the routine's 1,000.
    index("routine_check_ins_user_routine_date_idx").on(t.userId, t.routineId, t.date),
  ],
);

/**
 * A routine's checklist (docs/decisions/0112): short texts in order, at most 12 (the API's limit).
 * None: a routine as it always was, done in one tap.
 */
export const routineSteps = sqliteTable(
  "routine_steps",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    routineId: text("routine_id")
      .notNull()
      .references(() => routines.id, { onDelete: "cascade" }),
    /** Its place in the list, from 0. */
    position: integer("position").notNull(),
    text: text("text").notNull(),
    createdAt,
  },
  (t) => [index("routine_steps_routine_position_idx").on(t.routineId, t.position), index("routine_steps_user_idx").on(t.userId)],
);

/**
 * The steps ticked on a day (the user's calendar day) while the routine is not done yet: progress
 * only. The day's completion stays the routine's check-in (routineCheckIns), written in the same
 * batch as the tick of the last step, so streaks, reports and the impact figures read it unchanged.
 * A day with a check-in shows every step ticked, whatever rows are here (decision 0112).
 */
export const routineStepTicks = sqliteTable(
  "routine_step_ticks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    routineId: text("routine_id")
      .notNull()
      .references(() => routines.id, { onDelete: "cascade" }),
    stepId: text("step_id")
      .notNull()
      .references(() => routineSteps.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    createdAt,
  },
  (t) => [
    // Ticking twice on one day never makes a second row.
    uniqueIndex("routine_step_ticks_step_date_idx").on(t.stepId, t.date),
    index("routine_step_ticks_routine_date_idx").on(t.routineId, t.date),
    index("routine_step_ticks_user_idx").on(t.userId),
  ],
);

/**
 * How many times a routine was done on a day (the user's calendar day), for a routine done several
 * times a day (docs/decisions/0117): progress, written as an absolute value. The day's completion
 * stays the check-in (routineCheckIns), written or removed in the same batch as the count, as the
 * steps' last tick does (decision 0112). No row: 0, or a day checked in another way (the strip).
 */
export const routineDayCounts = sqliteTable(
  "routine_day_counts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    routineId: text("routine_id")
      .notNull()
      .references(() => routines.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    count: integer("count").notNull(),
    createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    // One count per routine and day: the upsert's target.
    uniqueIndex("routine_day_counts_routine_date_idx").on(t.routineId, t.date),
    // Every read names the user first (decision 0090): the recent days of a page of routines.
    index("routine_day_counts_user_routine_date_idx").on(t.userId, t.routineId, t.date),
  ],
);

export type Routine = typeof routines.$inferSelect;
export type RoutineStep = typeof routineSteps.$inferSelect;
