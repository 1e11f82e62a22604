/**
 * The Google Calendar sync engine (docs/decisions/0035): plain functions with the fetch and the
 * clock passed in. One run for a user: refresh the access token, refresh the calendar list, pull
 * each shown calendar (full listing page by page, then incremental with its sync token; a 410
 * starts the listing over), then push the outbox. Conflicts go to the later update time; the loser
 * is kept in event_history. Google refusing access marks the connection "reconnect" and stops:
 * local events and pending pushes are kept. A pause (0079) or a disconnect (0092) keeps the links
 * and the outbox too, so the first run after it merges both sides' changes by the same rule.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { scopedTo, type Scoped } from "../../../db/scoped";
import { open } from "../../../lib/secret-box";
import * as store from "../queries";
import { pointMs, sameRecurrence } from "../recurrence";
import { calendarApi, DEFAULT_CALENDAR_API_BASE, GoogleError, refreshAccessToken, type CalendarApi, type Fetch, type GoogleEvent } from "./client";
import { fieldsFromGoogle, occurrenceStartOf, updatedMs } from "./mapping";
import { pushOutbox, type PushSummary } from "./push";

export type SyncEnv = Pick<Env, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_TOKEN_URL" | "ENCRYPTION_KEY" | "ENVIRONMENT"> & { GOOGLE_CALENDAR_API_BASE?: string };

export type SyncDeps = { db: Db; env: SyncEnv; fetch: Fetch; now: () => Date; userId: string; timeZone: string; untitled: string };

export type SyncSummary = {
  status: "ok" | "reconnect" | "retry" | "not_connected";
  created: number;
  updated: number;
  deleted: number;
  conflicts: number;
  fullResyncs: number;
  pushed: PushSummary;
};

const emptyPush = (): PushSummary => ({ pushed: 0, deleted: 0, failed: 0 });
/** Background sync after Google asked to slow down or failed: the next run waits this long. */
const BACKOFF_MS = 15 * 60_000;

/** The Calendar API for the user's stored refresh token (throws GoogleError). */
export async function connectApi(deps: Pick<SyncDeps, "env" | "fetch">, sealedRefreshToken: string): Promise<CalendarApi> {
  const token = await refreshAccessToken(deps.fetch, deps.env, await open(deps.env, sealedRefreshToken));
  return calendarApi(deps.fetch, deps.env.GOOGLE_CALENDAR_API_BASE || DEFAULT_CALENDAR_API_BASE, token);
}

/** Reads Google's calendar list into google_calendars (the primary one shown by default). */
export async function refreshCalendars(scoped: Scoped, api: CalendarApi, now: Date) {
  const entries = await api.listCalendars();
  const calendars = await store.saveGoogleCalendars(
    scoped,
    entries.map((e) => ({ googleId: e.id, summary: (e.summaryOverride ?? e.summary ?? e.id).slice(0, 200), color: e.backgroundColor ?? null, primary: e.primary === true })),
    now,
  );
  const primary = calendars.find((c) => c.primary) ?? calendars[0];
  const connection = await store.googleConnectionOf(scoped);
  if (primary && !connection?.defaultCalendarId) await store.updateGoogleConnection(scoped, { defaultCalendarId: primary.id }, now);
  return calendars;
}

type Counters = Omit<SyncSummary, "status" | "pushed">;

const snapshotOf = (row: store.EventRow) => ({
  title: row.title,
  description: row.description,
  location: row.location,
  start: row.start,
  end: row.end,
  allDay: row.allDay,
  timeZone: row.timeZone,
  rrule: row.rrule,
  exdates: row.exdates,
  recurrenceId: row.recurrenceId,
  updatedAt: row.updatedAt.toISOString(),
});

type Writes = BatchItem<"sqlite">[];

/**
 * Whether Google's version of a row wins over a local change still waiting in the outbox (the
 * later update time wins: Google's `updated` against the change's time), and the writes that
 * decision makes — the loser kept in the event's history, a losing push dropped — for the caller to
 * batch with the change itself. Google wins, with nothing to write, when no change is pending.
 */
async function resolveConflict(scoped: Scoped, seriesId: string, local: store.EventRow | null, event: GoogleEvent, now: Date, counters: Counters): Promise<{ googleWins: boolean; writes: Writes }> {
  const pending = await store.pendingGooglePush(scoped, seriesId);
  if (!pending) return { googleWins: true, writes: [] };
  counters.conflicts++;
  if (updatedMs(event) > pending.changedAt) {
    const kept = local ? [store.keepEventVersion(scoped, seriesId, "rumo", snapshotOf(local), now)] : [];
    // Dropped unless a newer change of the series arrived meanwhile.
    return { googleWins: true, writes: [...kept, store.finishGooglePush(scoped, pending)] };
  }
  return { googleWins: false, writes: [store.keepEventVersion(scoped, seriesId, "google", { ...event } as Record<string, unknown>, now)] };
}

/** Both lists of occurrence starts, each occurrence once (the first spelling kept). */
const unionOfPoints = (a: string[], b: string[]) => {
  const seen = new Set(a.map(pointMs));
  return [...a, ...b.filter((p) => !seen.has(pointMs(p)))];
};

/** A master or single event from Google (created, changed or cancelled). Each outcome's writes go in one batch. */
async function applyMaster(deps: SyncDeps, scoped: Scoped, calendar: store.GoogleCalendarRow, zone: string, event: GoogleEvent, counters: Counters) {
  const now = deps.now();
  const found = await store.linkedEvent(scoped, calendar.id, event.id);
  if (found && updatedMs(event) && updatedMs(event) <= found.link.googleUpdatedAt) return; // our own push coming back, or unchanged
  const link = { calendarId: calendar.id, googleEventId: event.id, googleUpdatedAt: updatedMs(event) };
  if (event.status === "cancelled") {
    if (!found) return;
    const { googleWins, writes } = await resolveConflict(scoped, found.event.id, found.event, event, now, counters);
    await scoped.batch(googleWins ? [...writes, store.deleteEventRow(scoped, found.event.id)] : writes);
    if (googleWins) counters.deleted++;
    return;
  }
  const fields = fieldsFromGoogle(event, zone, deps.untitled);
  if (!fields) return;
  const uid = event.iCalUID || `${event.id}@google.com`;
  // Not linked yet, but already here under its UID (imported from an .ics export, or left by a
  // disconnect made before 0092 kept the links): that row becomes the linked one, not a second copy.
  const local = found?.event ?? (await store.unlinkedSeriesWithUid(scoped, uid));
  if (local) {
    const { googleWins, writes } = await resolveConflict(scoped, local.id, local, event, now, counters);
    if (!googleWins) {
      // Linked all the same (Google's `updated` not taken: its version is not here), so the push patches this event.
      await scoped.batch(found ? writes : [...writes, store.googleLinkWrite(scoped, { ...link, eventId: local.id, googleUpdatedAt: 0 })]);
      return;
    }
    const sameRule = local.allDay === fields.allDay && local.timeZone === fields.timeZone && sameRecurrence(local.rrule, fields.rrule, fields);
    // Google lists an occurrence deleted there as a cancelled instance, not as an EXDATE line of
    // its master: an unchanged rule keeps the occurrences already removed here.
    const exdates = sameRule && fields.rrule ? unionOfPoints(local.exdates, fields.exdates) : fields.exdates;
    await store.updateSeries(scoped, local, { ...fields, exdates }, now, sameRule ? { mode: "keep" } : { mode: "drop" }, [...writes, store.googleLinkWrite(scoped, { ...link, eventId: local.id })]);
    counters.updated++;
    return;
  }
  // Deleted here, and the deletion has not reached Google yet (while disconnected or paused, or
  // just now): the later change wins. A full listing shows the event even if Google did not change it.
  const deletion = await store.pendingGoogleDeletion(scoped, calendar.googleId, event.id);
  if (deletion && updatedMs(event) <= deletion.changedAt) return; // the push deletes it at Google
  if (deletion) counters.conflicts++; // changed at Google after it was deleted here: it comes back
  await store.insertLinkedEvent(scoped, fields, now, uid, link, deletion ? [store.finishGooglePush(scoped, deletion)] : []);
  counters.created++;
}

/** A changed or cancelled occurrence of a series (an override row, or an exdate). Each outcome's writes go in one batch. */
async function applyInstance(deps: SyncDeps, scoped: Scoped, calendar: store.GoogleCalendarRow, zone: string, event: GoogleEvent, counters: Counters) {
  const now = deps.now();
  const master = await store.linkedEvent(scoped, calendar.id, event.recurringEventId!);
  if (!master || master.event.seriesId) return; // its series is not here (a hidden calendar, or refused)
  let series = master.event;
  const occurrenceStart = occurrenceStartOf(event, series);
  if (!occurrenceStart) return;
  const own = await store.linkedEvent(scoped, calendar.id, event.id);
  if (own && updatedMs(event) && updatedMs(event) <= own.link.googleUpdatedAt) return;
  const { googleWins, writes } = await resolveConflict(scoped, series.id, own?.event ?? null, event, now, counters);
  if (!googleWins) return scoped.batch(writes);
  if (event.status === "cancelled") {
    if (series.exdates.includes(occurrenceStart) && !own) return scoped.batch(writes);
    await store.removeOccurrence(scoped, series, occurrenceStart, now, writes);
    counters.deleted++;
    return;
  }
  const fields = fieldsFromGoogle(event, zone, deps.untitled);
  if (!fields) return scoped.batch(writes);
  series = (await store.findSeries(scoped, series.id)) ?? series;
  const withLink = (id: string) => [...writes, store.googleLinkWrite(scoped, { eventId: id, calendarId: calendar.id, googleEventId: event.id, googleUpdatedAt: updatedMs(event) })];
  await store.upsertOverride(scoped, series, occurrenceStart, { ...fields, allDay: series.allDay, timeZone: series.timeZone, rrule: null, exdates: [] }, now, withLink);
  if (own) counters.updated++;
  else counters.created++;
}

/**
 * Pulls one calendar. With its sync token only the changes; without one (first time, or after a
 * 410) everything, and then the linked events Google no longer lists are removed here.
 */
export async function pullCalendar(deps: SyncDeps, scoped: Scoped, api: CalendarApi, calendar: store.GoogleCalendarRow, counters: Counters) {
  let syncToken = calendar.syncToken;
  let items: GoogleEvent[] = [];
  let next: string | undefined;
  let zone = deps.timeZone;
  for (let restarts = 0; ; ) {
    try {
      items = [];
      let pageToken: string | undefined;
      do {
        const page = await api.listEvents(calendar.googleId, { syncToken, pageToken });
        if (page.timeZone) zone = page.timeZone;
        items.push(...(page.items ?? []));
        pageToken = page.nextPageToken;
        next = page.nextSyncToken;
      } while (pageToken);
      break;
    } catch (err) {
      // An expired sync token is not an error: Google asks for a full listing.
      if (err instanceof GoogleError && err.gone && syncToken && restarts++ < 1) {
        syncToken = null;
        counters.fullResyncs++;
        continue;
      }
      throw err;
    }
  }
  // Masters first: an instance may come before its series in Google's order.
  for (const event of items) if (!event.recurringEventId) await applyMaster(deps, scoped, calendar, zone, event, counters);
  for (const event of items) if (event.recurringEventId) await applyInstance(deps, scoped, calendar, zone, event, counters);
  if (!syncToken) {
    const listed = new Set(items.filter((e) => e.status !== "cancelled").map((e) => e.id));
    for (const link of await store.linkedIdsOfCalendar(scoped, calendar.id)) {
      if (listed.has(link.googleEventId) || (await store.pendingGooglePush(scoped, link.eventId))) continue;
      const row = await store.findEventRow(scoped, link.eventId);
      // An override whose instance is not listed is simply unchanged at Google; only series and single events go.
      if (row && !row.seriesId) {
        await store.deleteEventRow(scoped, row.id);
        counters.deleted++;
      }
    }
  }
  await store.setGoogleSyncToken(scoped, calendar.id, next ?? null, deps.now());
}

/** One full sync run for a user: pull every shown calendar, then push the outbox. */
export async function syncUser(deps: SyncDeps): Promise<SyncSummary> {
  const scoped = scopedTo(deps.db, deps.userId);
  const counters: Counters = { created: 0, updated: 0, deleted: 0, conflicts: 0, fullResyncs: 0 };
  const connection = await store.googleConnectionOf(scoped);
  if (!connection?.refreshToken) return { status: "not_connected", ...counters, pushed: emptyPush() };
  if (connection.status === "reconnect") return { status: "reconnect", ...counters, pushed: emptyPush() };
  const started = deps.now();
  try {
    const api = await connectApi(deps, connection.refreshToken);
    const calendars = await refreshCalendars(scoped, api, started);
    for (const calendar of calendars.filter((c) => c.selected)) await pullCalendar(deps, scoped, api, calendar, counters);
    const pushed = await pushOutbox(deps, scoped, api);
    if (pushed.reconnect) throw new GoogleError(401, "push_unauthorized");
    await store.updateGoogleConnection(scoped, { lastSyncAt: deps.now(), lastError: pushed.failed ? "push_failed" : null, nextSyncAt: null }, deps.now());
    return { status: "ok", ...counters, pushed: { pushed: pushed.pushed, deleted: pushed.deleted, failed: pushed.failed } };
  } catch (err) {
    if (!(err instanceof GoogleError)) throw err;
    if (err.needsReconnect) {
      await store.updateGoogleConnection(scoped, { status: "reconnect", lastError: "reconnect" }, deps.now());
      return { status: "reconnect", ...counters, pushed: emptyPush() };
    }
    // 403 (rate limit), 429, 5xx, network: try again later; nothing local is lost.
    await store.updateGoogleConnection(scoped, { lastError: `google_${err.status || "network"}`, nextSyncAt: deps.now().getTime() + BACKOFF_MS }, deps.now());
    return { status: "retry", ...counters, pushed: emptyPush() };
  }
}
