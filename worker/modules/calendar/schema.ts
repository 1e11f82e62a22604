/**
 * The calendar module's tables (../shared/API.md "Events and recurrence"). Only ./queries.ts reads
 * them (tests/unit/db-guard.test.ts).
 *
 * An event row is either a series/single event (`series_id` null) or an override of one occurrence
 * of a series (`series_id` = the series, `recurrence_id` = the occurrence's original start), as
 * RECURRENCE-ID does in iCalendar. Instants are kept twice: as the API writes them (ISO with the
 * event zone's offset, or `YYYY-MM-DD` when all-day) and as UTC milliseconds for range queries.
 */
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";

const { createdAt, updatedAt } = timestamps;

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set on an override row: the series it changes one occurrence of (deleted with it). */
    seriesId: text("series_id").references((): AnySQLiteColumn => events.id, { onDelete: "cascade" }),
    /** On an override row: the original `occurrenceStart` it replaces (RECURRENCE-ID). */
    recurrenceId: text("recurrence_id"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    location: text("location").notNull().default(""),
    /** ISO instant with offset, or `YYYY-MM-DD` when all-day (end exclusive). */
    start: text("start").notNull(),
    end: text("end").notNull(),
    allDay: integer("all_day", { mode: "boolean" }).notNull().default(false),
    timeZone: text("time_zone").notNull(),
    rrule: text("rrule"),
    /** JSON array of removed occurrences' starts. */
    exdates: text("exdates", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    reminderMinutes: integer("reminder_minutes"),
    /** Whether the user is busy during it (false: "free", smart scheduling may use the time). */
    busy: integer("busy", { mode: "boolean" }).notNull().default(true),
    /** iCalendar UID (issue 13's import matches on it with `recurrence_id`). */
    uid: text("uid").notNull(),
    /** UTC ms of the first start (all-day: the date's UTC midnight). */
    startsAt: integer("starts_at").notNull(),
    /**
     * UTC ms after which no occurrence ends (all-day: the last date's UTC midnight); NEVER_ENDS for
     * a series without an end, so one index range finds what overlaps a window. Range queries widen
     * by a day for all-day rows (their dates float with the viewer's zone).
     */
    endsAt: integer("ends_at").notNull(),
    /** When the next reminder is due (UTC ms), null when none is pending: the minute cron's index. */
    nextReminderAt: integer("next_reminder_at"),
    /** The occurrence (`occurrenceStart`) that reminder is for. */
    nextReminderOccurrence: text("next_reminder_occurrence"),
    createdAt,
    updatedAt,
  },
  (t) => [
    // GET /events?from&to, the timeline and reminders: the user's rows still running after the
    // window starts (past events are skipped by the index, the start is checked on the entry).
    index("events_user_range_idx").on(t.userId, t.endsAt, t.startsAt),
    // ...and the override rows of a series.
    index("events_user_series_idx").on(t.userId, t.seriesId),
    index("events_user_uid_idx").on(t.userId, t.uid),
    // The reminders cron: due rows across users, oldest first.
    index("events_next_reminder_idx").on(t.nextReminderAt),
  ],
);

/** Each reminder sent once: one row per event and occurrence, inserted before notifying. */
export const eventReminders = sqliteTable(
  "event_reminders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    occurrenceStart: text("occurrence_start").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("event_reminders_event_occurrence_idx").on(t.eventId, t.occurrenceStart), index("event_reminders_user_idx").on(t.userId)],
);

/**
 * The private iCalendar feed of a user's calendar (issue 13): one address per user, found by the
 * SHA-256 of its token (a leaked database does not give working addresses); the token itself is
 * kept sealed (worker/lib/secret-box) only so Preferências can show the address again. Revoking
 * deletes the row; replacing writes a new token.
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    tokenSealed: text("token_sealed").notNull(),
    createdAt,
  },
  (t) => [uniqueIndex("calendar_feeds_user_idx").on(t.userId), uniqueIndex("calendar_feeds_token_idx").on(t.tokenHash)],
);

/** `ends_at` of a series that never ends (the largest Date). */
export const NEVER_ENDS = 8_640_000_000_000_000;

export type EventRow = typeof events.$inferSelect;
