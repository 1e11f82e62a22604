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

/**
 * The person's word that a cycle really was about twice her usual one (docs/decisions/0113
 * "Revised"): the cycle starting on `cycleStart` is counted, not left out as a period probably
 * left unlogged. Keyed by the start (a cycle is named by the period that begins it); a mark whose
 * start no longer begins such a cycle (a period logged inside it, the start deleted) is ignored by
 * the prediction. Health data, like the days: only ./queries.ts reads it; exported; cascades.
 */
export const cycleLongCycles = sqliteTable(
  "cycle_long_cycles",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cycleStart: text("cycle_start").notNull(),
    createdAt: timestamps.createdAt,
  },
  // One mark per user and cycle (the insert's conflict target); also the prediction's read.
  (t) => [uniqueIndex("cycle_long_cycles_user_start_idx").on(t.userId, t.cycleStart)],
);

export type CycleLongCycle = typeof cycleLongCycles.$inferSelect;
