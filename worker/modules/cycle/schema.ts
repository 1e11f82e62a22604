/**
 * The cycle module's table: one row per user and calendar day (`YYYY-MM-DD`, the user's own day).
 * Health data (GDPR Art. 9): only ./queries.ts reads it (tests/unit/db-guard.test.ts), it is never
 * logged, searched or sent to analytics (docs/decisions/0031).
 */
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";
import { FLOWS, type Symptom } from "./fields";

export const cycleDays = sqliteTable(
  "cycle_days",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    flow: text("flow", { enum: FLOWS }).notNull().default("none"),
    symptoms: text("symptoms", { mode: "json" }).$type<Symptom[]>().notNull().default([]),
    /** 1–5 as in the diary, or none logged. */
    mood: integer("mood"),
    notes: text("notes").notNull().default(""),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  // One row per day (the upsert's conflict target), also the index of every list by date range.
  (t) => [uniqueIndex("cycle_days_user_date_idx").on(t.userId, t.date)],
);

export type CycleDay = typeof cycleDays.$inferSelect;

/**
 * Each "period expected" reminder sent, once per predicted period (the period start it counts
 * from): claimed before notifying, so a rerun, a retry or a notification the user deleted (its
 * dedupe key gone with it) never sends it again.
 */
export const cycleReminders = sqliteTable(
  "cycle_reminders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodStart: text("period_start").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  // One per user and period; also the index of the fan-out's "reminded lately" check.
  (t) => [uniqueIndex("cycle_reminders_user_period_idx").on(t.userId, t.periodStart)],
);

export type CycleReminder = typeof cycleReminders.$inferSelect;
