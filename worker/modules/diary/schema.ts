/**
 * The emotional diary's table. Health and intimate data (GDPR Art. 9): only ./queries.ts reads it
 * (tests/unit/db-guard.test.ts), it is never logged, never in analytics or admin screens, and it
 * reaches an AI provider only with the user's `aiOnPersonalData` preference.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";
import type { Emotion } from "./vocabulary";


export const diaryEntries = sqliteTable(
  "diary_entries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    content: text("content").notNull().default(""),
    /** 1 (very bad) … 5 (very good); null while a draft has none yet. */
    mood: integer("mood"),
    emotions: text("emotions", { mode: "json" }).$type<Emotion[]>().notNull().default([]),
    /** The user's calendar day the entry is about. */
    date: text("date").notNull(),
    /** Saved as the user types; left out of the overview, analysis and insights until saved. */
    draft: integer("draft", { mode: "boolean" }).notNull().default(false),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  // The list (newest day first) and the overview's range scan.
  (t) => [index("diary_entries_user_date_idx").on(t.userId, t.date, t.createdAt)],
);

export type DiaryEntry = typeof diaryEntries.$inferSelect;
