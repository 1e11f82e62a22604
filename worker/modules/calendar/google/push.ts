/**
 * Rumo's changes to Google, from the persistent outbox (google_outbox): each row says "make Google
 * match this series" (insert or patch the master with its RRULE/EXDATE lines, then patch each
 * overridden occurrence as an instance) or "delete it". A row leaves the outbox only once Google
 * accepted it; 403/429/5xx/network failures keep it with a later `nextAttemptAt` (exponential
 * backoff), so a Google outage never loses a local change.
 */
import type { Scoped } from "../../../db/scoped";
import * as store from "../queries";
import { GoogleError, type CalendarApi, type GoogleEvent } from "./client";
import { googleFromFields, instanceId, updatedMs } from "./mapping";
import type { SyncDeps } from "./sync";

export type PushSummary = { pushed: number; deleted: number; failed: number; reconnect?: boolean };

/** Rows pushed per run; the rest wait for the next run. */
const PUSH_BATCH = 200;
const MINUTE = 60_000;
/** 1, 2, 4... minutes after each failure, at most 6 hours. */
export const backoffMs = (attempts: number) => Math.min(MINUTE * 2 ** attempts, 6 * 60 * MINUTE);

const fieldsOf = store.eventFieldsOf;

const isMissing = (err: unknown) => err instanceof GoogleError && (err.status === 404 || err.status === 410);

/** Makes Google's copy of one series match Rumo's (its master, then each overridden occurrence). */
async function pushSeries(scoped: Scoped, api: CalendarApi, seriesId: string) {
  const series = await store.findSeries(scoped, seriesId);
  if (!series) return;
  const calendars = await store.googleCalendarsOf(scoped);
  const link = await store.linkOf(scoped, series.id);
  let calendar = link ? calendars.find((c) => c.id === link.calendarId) : undefined;
  let saved: GoogleEvent | null = null;
  if (link && calendar) {
    try {
      saved = await api.patchEvent(calendar.googleId, link.googleEventId, googleFromFields(fieldsOf(series)));
    } catch (err) {
      if (!isMissing(err)) throw err; // deleted at Google meanwhile and this change is newer: create it again
    }
  }
  if (!saved) {
    const connection = await store.googleConnectionOf(scoped);
    calendar = calendar ?? calendars.find((c) => c.id === connection?.defaultCalendarId) ?? calendars.find((c) => c.primary);
    if (!calendar) return;
    saved = await api.insertEvent(calendar.googleId, { ...googleFromFields(fieldsOf(series)), iCalUID: series.uid });
  }
  await store.saveGoogleLink(scoped, { eventId: series.id, calendarId: calendar!.id, googleEventId: saved.id, googleUpdatedAt: updatedMs(saved) });
  if (!series.rrule) return;
  for (const override of await store.overridesOf(scoped, series.id)) {
    const id = instanceId(saved.id, override.recurrenceId!, series.allDay);
    const instance = await api.patchEvent(calendar!.googleId, id, googleFromFields(fieldsOf(override), { instance: true }));
    await store.saveGoogleLink(scoped, { eventId: override.id, calendarId: calendar!.id, googleEventId: instance.id, googleUpdatedAt: updatedMs(instance) });
  }
}

/** Pushes the user's due outbox rows; stops at the first 401 (the connection needs the user). */
export async function pushOutbox(deps: Pick<SyncDeps, "now">, scoped: Scoped, api: CalendarApi): Promise<PushSummary> {
  const summary: PushSummary = { pushed: 0, deleted: 0, failed: 0 };
  for (const row of await store.dueGooglePushes(scoped, deps.now(), PUSH_BATCH)) {
    try {
      if (row.action === "delete") {
        if (row.calendarId && row.googleEventId) await api.deleteEvent(row.calendarId, row.googleEventId);
        summary.deleted++;
      } else {
        await pushSeries(scoped, api, row.eventId);
        summary.pushed++;
      }
      await store.finishGooglePush(scoped, row);
    } catch (err) {
      if (!(err instanceof GoogleError)) throw err;
      if (err.needsReconnect) return { ...summary, reconnect: true };
      summary.failed++;
      await store.deferGooglePush(scoped, row, deps.now().getTime() + backoffMs(row.attempts), `google_${err.status || "network"}`);
    }
  }
  return summary;
}
