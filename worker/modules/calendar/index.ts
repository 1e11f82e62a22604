import { Hono } from "hono";
import { EVERY_MINUTE } from "../../cron/schedules";
import { scopedTo } from "../../db/scoped";
import { defineWorkerModule } from "../types";
import type { AppEnv } from "../../types";
import { eventsApi } from "./api";
import { ICS_BODIES, ICS_PREMIUM, icsApi } from "./ics-api";
import { exportCalendar, exportFeeds, occurrencesBetween } from "./queries";
import { eventReminders } from "./reminders";
import { seedCalendar } from "./seed";
import { eventSearch } from "./search";

/** Where an occurrence opens in the app: the calendar on its day. */
const urlOf = (id: string, start: string) => `/app/calendario?date=${start.slice(0, 10)}&event=${id}`;

/** The calendar (issue 12): events with recurrence, one-occurrence edits and reminders. */
export const calendarModule = defineWorkerModule({
  key: "calendar",
  // Mounted at "/": the iCalendar routes (./ics-api.ts: /events/import, /calendar/feed-url and the
  // public /calendar/feed/:token) first, then /events.
  api: { mount: "/", app: new Hono<AppEnv>().route("/", icsApi).route("/events", eventsApi) },
  bodies: ICS_BODIES,
  premium: ICS_PREMIUM,
  searchTypes: ["event"],
  searchSources: [eventSearch],
  exporter: {
    tables: ["events", "event_reminders", "calendar_feeds"],
    export: async (db, userId) => ({ ...(await exportCalendar(db, userId)), calendarFeeds: await exportFeeds(scopedTo(db, userId)) }),
  },
  jobs: [{ name: "event-reminders", schedule: EVERY_MINUTE, fanOut: eventReminders }],
  seed: seedCalendar,
  timeline: async (db, userId, range) =>
    (await occurrencesBetween(scopedTo(db, userId), range.from.toISOString(), new Date(range.to.getTime()).toISOString(), range.timeZone)).map((o) => ({
      module: "calendar",
      id: o.id,
      occurrenceStart: o.occurrenceStart,
      title: o.title,
      start: o.start,
      end: o.end,
      allDay: o.allDay,
      busy: o.busy,
      url: urlOf(o.id, o.start),
    })),
});
