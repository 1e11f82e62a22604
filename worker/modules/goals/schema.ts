/**
 * The goals module's tables: goals and their milestones. Deadlines are `YYYY-MM-DD` (a calendar
 * day, no zone), instants UTC in milliseconds. Only ./queries.ts reads them (tests/unit/db-guard.test.ts).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";
import { GOAL_STATUSES } from "./rules";

const { createdAt, updatedAt } = timestamps;


export const goals = sqliteTable(
  "goals",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    deadline: text("deadline"),
    /** 0–100; derived from the milestones (done/total, rounded) while the goal has any. */
    progress: integer("progress").notNull().default(0),
    status: text("status", { enum: GOAL_STATUSES }).notNull().default("pending"),
    /** When the goal was last completed (the impact dashboard counts these); null while open. */
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    /** Completed without milestones: the progress before completing, which "Reabrir" restores (rules.ts); else null. */
    reopenProgress: integer("reopen_progress"),
    createdAt,
    updatedAt,
  },
  (t) => [
    // The screen's list (newest first, optionally one status) and the impact dashboard's count.
    index("goals_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("goals_user_status_created_idx").on(t.userId, t.status, t.createdAt, t.id),
  ],
);

export const goalMilestones = sqliteTable(
  "goal_milestones",
  {
    id: text("id").primaryKey(),
    goalId: text("goal_id")
      .notNull()
      .references(() => goals.id, { onDelete: "cascade" }),
    // Its own user id, so every query stays scoped by user (docs/decisions/0003) without a join.
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    done: integer("done", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    createdAt,
  },
  // The second index serves the cascade when a goal is deleted (an index led by goal_id; without
  // it every account's milestones were read, tests/worker/foreign-key-indexes.test.ts).
  (t) => [index("goal_milestones_user_goal_idx").on(t.userId, t.goalId, t.position), index("goal_milestones_goal_idx").on(t.goalId)],
);
