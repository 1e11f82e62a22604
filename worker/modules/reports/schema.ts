/**
 * Weekly reports (issue 17): one row per user and week, the week's computed figures as JSON (see
 * ./builder.ts `WeeklyReport`). Stored rather than recomputed so a report stays what it said on the
 * Monday it was sent, and stays readable after a downgrade (../shared/DECISIONS.md). Only
 * ./queries.ts reads it (tests/unit/db-guard.test.ts).
 */
import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";
import type { WeeklyReport } from "./builder";

export const weeklyReports = sqliteTable(
  "weekly_reports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Monday of the week (`YYYY-MM-DD`, the user's calendar day). */
    weekStart: text("week_start").notNull(),
    data: text("data", { mode: "json" }).$type<WeeklyReport>().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // One report per user and week: the conflict target that makes a rerun of the cron a no-op,
    // and the list's order (newest week first).
    uniqueIndex("weekly_reports_user_week_unique").on(t.userId, t.weekStart),
  ],
);

export type WeeklyReportRow = typeof weeklyReports.$inferSelect;
