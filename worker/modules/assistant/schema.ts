/**
 * The assistant's tables: the chat history and the drafts it proposed. A draft is what a tool call
 * would write; it is written through the owning module's functions only when the user confirms it
 * (docs/decisions/0038-assistant.md). Messages may hold diary or cycle words the user typed, so
 * only ./queries.ts reads them.
 */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";

export const assistantMessages = sqliteTable(
  "assistant_messages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    /** Which provider answered ("builtin", "openai", "workers-ai"); null on the user's messages. */
    provider: text("provider"),
    /** The computed figures of an answer and where they come from (module, range). */
    sources: text("sources", { mode: "json" }).$type<unknown[]>().notNull().default([]),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("assistant_messages_user_created_idx").on(t.userId, t.createdAt, t.id)],
);

export const assistantDrafts = sqliteTable(
  "assistant_drafts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The assistant message that proposed it (deleted with the history). */
    messageId: text("message_id")
      .notNull()
      .references(() => assistantMessages.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["task", "event", "transaction", "diaryEntry", "goal", "planDay"] }).notNull(),
    /** The proposed fields, validated again on confirmation. */
    fields: text("fields", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "confirmed", "discarded"] }).notNull().default("pending"),
    /** The id of what the confirmation created (a task, an event...). */
    resultId: text("result_id"),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  // The second index serves the cascade when messages are deleted (tests/worker/foreign-key-indexes.test.ts).
  (t) => [index("assistant_drafts_user_message_idx").on(t.userId, t.messageId), index("assistant_drafts_message_idx").on(t.messageId)],
);

export type AssistantMessage = typeof assistantMessages.$inferSelect;
export type AssistantDraft = typeof assistantDrafts.$inferSelect;
