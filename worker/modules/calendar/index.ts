import { Hono } from "hono";
import { EVERY_MINUTE, EVERY_QUARTER_HOUR, NIGHTLY } from "../../cron/schedules";
import { mapRead } from "../../db/reads";
import { localDate } from "../../lib/time-zone";
import { scopedTo } from "../../db/scoped";
import { defineWorkerModule, type Instant } from "../types";
import type { AppEnv } from "../../types";
import { eventsApi } from "./api";
import { forgetDisconnectedSync, revokeBeforeErase } from "./google/disconnect";
import { googleCalendarSync } from "./google/job";
import { ICS_BODIES, ICS_PREMIUM, icsApi } from "./ics-api";
import { exportCalendar, exportFeeds, exportGoogleSync, occurrencesWithinRead } from "./queries";
import { eventReminders } from "./reminders";
import { seedCalendar } from "./seed";
import { eventSearch } from "./search";

/**
 * Where an occurrence opens in the app: the calendar on the day the user sees it on, in their zone
 * (an event written in New York's zone at 21:00 is the next morning in Lisbon).
 */
const urlOf = (id: string, occurrence: { start: string; allDay: boolean }, timeZone: string) =>
  `/app/calendario?date=${occurrence.allDay ? occurrence.start : localDate(new Date(occurrence.start), timeZone)}&event=${id}`;

/** A timeline bound in UTC milliseconds (SQL ones are resolved by the batch). */
const msOf = (at: Instant) => (at instanceof Date ? at.getTime() : at);

/** The calendar (issue 12): events with recurrence, one-occurrence edits and reminders. */
export const calendarModule = defineWorkerModule({
  key: "calendar",
  // Mounted at "/": the iCalendar routes (./ics-api.ts: /events/import, /calendar/feed-url and the
  // public /calendar/feed/:token) first, then /events.
  api: { mount: "/", app: new Hono<AppEnv>().route("/", icsApi).route("/events", eventsApi) },
  bodies: ICS_BODIES,
  searchTypes: ["event"],
  searchSources: [eventSearch],
  exporter: {
    tables: ["events", "event_reminders", "calendar_feeds", "google_calendar_connections", "google_calendars", "google_event_links", "google_outbox", "event_history"],
    export: async (db, userId) => ({
      ...(await exportCalendar(db, userId)),
      calendarFeeds: await exportFeeds(scopedTo(db, userId)),
      ...(await exportGoogleSync(db, userId)),
    }),
  },
  // Google Calendar sync is in Light and Pro (../shared/DECISIONS.md); its reads stay free (0011).
  premium: [
    ...ICS_PREMIUM,
    { method: "POST", path: "/calendar/google/connect", entitlement: "calendarSync" },
    // The OAuth grant that /connect hands over to: the callback saves the connection, so both
    // legs are the paid feature itself, not a read of the user's items.
    { method: "GET", path: "/calendar/google/authorize", entitlement: "calendarSync", paidRead: true },
    { method: "GET", path: "/calendar/google/callback", entitlement: "calendarSync", paidRead: true },
    { method: "POST", path: "/calendar/google/sync", entitlement: "calendarSync" },
    { method: "PATCH", path: "/calendar/google/calendars/:id", entitlement: "calendarSync" },
  ],
  jobs: [
    { name: "event-reminders", schedule: EVERY_MINUTE, fanOut: eventReminders },
    { name: "google-calendar-sync", schedule: EVERY_QUARTER_HOUR, fanOut: googleCalendarSync },
    { name: "forget-google-sync", schedule: NIGHTLY, run: forgetDisconnectedSync },
  ],
  // Google's access ends with the account (the sign-in's grant is the platform's to revoke).
  beforeErase: revokeBeforeErase,
  seed: seedCalendar,
  timeline: (db, userId, bounds) =>
    mapRead(occurrencesWithinRead(scopedTo(db, userId), msOf(bounds.from), msOf(bounds.to)), (occurrencesIn) => (range) => occurrencesIn(range.from.getTime(), range.to.getTime(), bounds.timeZone).map((o) => ({
      module: "calendar",
      id: o.id,
      occurrenceStart: o.occurrenceStart,
      title: o.title,
      start: o.start,
      end: o.end,
      allDay: o.allDay,
      busy: o.busy,
      url: urlOf(o.id, o, bounds.timeZone),
    }))),
});
