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
    // Deleting an event looks for overrides pointing at it (the foreign key's cascade): without an
    // index led by series_id that was a scan of every account's events (tests/worker/foreign-key-indexes.test.ts).
    index("events_series_idx").on(t.seriesId).where(sql`${t.seriesId} is not null`),
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

// ---------------------------------------------------------------- Google Calendar sync (issue 13, docs/decisions/0035)

/**
 * One row per user who connected Google Calendar. The refresh token is sealed (worker/lib/secret-box)
 * like the sign-in's; `status` "reconnect" after Google refused it (401 / invalid_grant): local
 * events stay, nothing is pulled or pushed until the user connects again.
 */
export const googleConnections = sqliteTable(
  "google_calendar_connections",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["connected", "reconnect"] }).notNull(),
    refreshToken: text("refresh_token"),
    /** Where Rumo's new events go (Google's id of a calendar, normally "primary"'s real id). */
    defaultCalendarId: text("default_calendar_id"),
    lastSyncAt: integer("last_sync_at", { mode: "timestamp_ms" }),
    /** The last sync's failure (a code, never Google's text), null when it went well. */
    lastError: text("last_error"),
    /** Background sync backs off after Google's 429/5xx answers (UTC ms). */
    nextSyncAt: integer("next_sync_at"),
    createdAt,
    updatedAt,
  },
  (t) => [index("google_connections_status_idx").on(t.status, t.userId)],
);

/** The user's Google calendars (from calendarList) and which ones are shown, each with its sync token. */
export const googleCalendars = sqliteTable(
  "google_calendars",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    googleId: text("google_id").notNull(),
    summary: text("summary").notNull(),
    color: text("color"),
    primary: integer("primary", { mode: "boolean" }).notNull().default(false),
    selected: integer("selected", { mode: "boolean" }).notNull().default(false),
    /** Google's nextSyncToken after the last complete listing (null: a full listing is due). */
    syncToken: text("sync_token"),
    /**
     * When the user disconnected Google while this calendar was kept (0092); null while connected.
     * 30 days later the nightly `forget-google-sync` drops the kept calendars, links and outbox.
     */
    disconnectedAt: integer("disconnected_at", { mode: "timestamp_ms" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("google_calendars_user_google_idx").on(t.userId, t.googleId),
    // The nightly forget-google-sync finds the calendars disconnected 30 days ago by this range.
    index("google_calendars_disconnected_idx").on(t.disconnectedAt).where(sql`${t.disconnectedAt} is not null`),
  ],
);

/**
 * Which Google event a Rumo event row is (a series, a single event, or an override = Google
 * instance). `googleUpdatedAt` is Google's `updated` the row last matched, for conflicts.
 */
export const googleEventLinks = sqliteTable(
  "google_event_links",
  {
    eventId: text("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    calendarId: text("calendar_id")
      .notNull()
      .references(() => googleCalendars.id, { onDelete: "cascade" }),
    googleEventId: text("google_event_id").notNull(),
    googleUpdatedAt: integer("google_updated_at").notNull(),
  },
  // The second index serves the cascade when a calendar goes (see events_series_idx).
  (t) => [uniqueIndex("google_event_links_user_google_idx").on(t.userId, t.calendarId, t.googleEventId), index("google_event_links_calendar_idx").on(t.calendarId)],
);

/**
 * Rumo's changes waiting to reach Google: one row per series ("make Google match this series", or
 * delete it). Kept until Google accepted it; a failure sets `nextAttemptAt` (backoff), so a Google
 * outage never loses a local change. A later change of the same series replaces the pending row.
 */
export const googleOutbox = sqliteTable(
  "google_outbox",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Rumo series id (still there for "upsert", gone for "delete"). */
    eventId: text("event_id").notNull(),
    action: text("action", { enum: ["upsert", "delete"] }).notNull(),
    /** For a delete: the Google calendar and event to remove (the link row went with the event). */
    calendarId: text("calendar_id"),
    googleEventId: text("google_event_id"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    lastError: text("last_error"),
    /** When the local change was made (UTC ms): conflicts compare it with Google's `updated`. */
    changedAt: integer("changed_at").notNull(),
    createdAt,
  },
  (t) => [uniqueIndex("google_outbox_user_event_idx").on(t.userId, t.eventId), index("google_outbox_due_idx").on(t.userId, t.nextAttemptAt), index("google_outbox_changed_idx").on(t.changedAt)],
);

/** Versions of an event that lost a sync conflict (or were replaced by Google), newest first. */
export const eventHistory = sqliteTable(
  "event_history",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Rumo event (series) id; kept after the event is deleted. */
    eventId: text("event_id").notNull(),
    /** "rumo" (the local version lost) or "google" (Google's version lost). */
    source: text("source", { enum: ["rumo", "google"] }).notNull(),
    reason: text("reason", { enum: ["conflict"] }).notNull(),
    /** The losing version's fields (title, start, end, rrule...) as JSON. */
    snapshot: text("snapshot", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt,
  },
  (t) => [index("event_history_user_event_idx").on(t.userId, t.eventId)],
);

export type GoogleConnectionRow = typeof googleConnections.$inferSelect;
export type GoogleCalendarRow = typeof googleCalendars.$inferSelect;
export type GoogleOutboxRow = typeof googleOutbox.$inferSelect;
