/**
 * The calendar module's only data access: every query is scoped by the user id, except the
 * reminders cron's page of user ids (ids only, as worker/db/jobs.ts does for the platform's jobs)
 * and the nightly forgetting of the sync memory kept after a disconnect (`forgetDisconnectedGoogleSync`).
 */
import type { BatchItem } from "drizzle-orm/batch";
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, notExists, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { findUserById } from "../../db/accounts";
import type { Db } from "../../db/client";
import type { IdPage } from "../../db/jobs";
import { isWellFormedId } from "../../db/owned";
import { known, mapRead, read, readAll, run, type Read } from "../../db/reads";
import { changedConcurrently, retryWhenStale, scopedTo, stampAfter, type Scoped } from "../../db/scoped";
import { users } from "../../db/schema";
import { onPlanAmong } from "../../db/billing";
import { paidPlansWith } from "~/lib/entitlements";
import { newId } from "../../lib/ids";
import { boundMs, expandOccurrences, localDayStartMs, pointMs } from "./recurrence";
import { calendarFeeds, eventReminders, events, NEVER_ENDS, type EventRow } from "./schema";
import { eventHistory, googleCalendars, googleConnections, googleEventLinks, googleOutbox, type GoogleCalendarRow, type GoogleConnectionRow, type GoogleOutboxRow } from "./schema";

export type { EventRow };
const DAY_MS = 86_400_000;
/** How far ahead the next reminder of a series is looked for (a yearly event needs a year). */
const REMINDER_HORIZON_MS = 400 * DAY_MS;

/** The fields of an event a write sets (the rest is derived here). */
export type EventFields = Pick<
  EventRow,
  "title" | "description" | "location" | "start" | "end" | "allDay" | "timeZone" | "rrule" | "exdates" | "reminderMinutes" | "busy"
>;

/** A stored row's editable fields (what a write sends and what Google is told). */
export const eventFieldsOf = (row: EventRow): EventFields => ({
  title: row.title,
  description: row.description,
  location: row.location,
  start: row.start,
  end: row.end,
  allDay: row.allDay,
  timeZone: row.timeZone,
  rrule: row.rrule,
  exdates: row.exdates,
  reminderMinutes: row.reminderMinutes,
  busy: row.busy,
});

/** One occurrence as GET /events answers it (../shared/API.md): `id` is the series id. */
export type OccurrenceItem = {
  id: string;
  occurrenceStart: string;
  title: string;
  description: string;
  location: string;
  start: string;
  end: string;
  allDay: boolean;
  timeZone: string;
  recurring: boolean;
  rrule: string | null;
  reminderMinutes: number | null;
  busy: boolean;
  /** Changed on its own (an override of the series). */
  modified: boolean;
};

// ---------------------------------------------------------------- derived columns

/**
 * The UTC range a row can occupy: its first start and the end of its last occurrence (NEVER_ENDS
 * for a series without COUNT/UNTIL). All-day rows keep UTC midnights; readers widen by a day.
 */
export function extentOf(fields: Pick<EventFields, "start" | "end" | "allDay" | "timeZone" | "rrule">): { startsAt: number; endsAt: number } {
  const startsAt = pointMs(fields.start)!;
  const endMs = pointMs(fields.end)!;
  if (!fields.rrule) return { startsAt, endsAt: Math.max(endMs, startsAt) };
  const bounded = /(?:^|;)(COUNT|UNTIL)=/i.test(fields.rrule);
  if (!bounded) return { startsAt, endsAt: NEVER_ENDS };
  // The last occurrence of a bounded rule: expand up to a generous horizon; a rule still going
  // after it (a huge COUNT) is treated as never ending, which only makes queries read it more often.
  const horizon = new Date(startsAt + 30 * 366 * DAY_MS).toISOString();
  const all = expandOccurrences({ ...fields, exdates: [] }, { from: fields.start, to: horizon, limit: 20_000 });
  if (all.truncated || all.items.length === 0) return { startsAt, endsAt: NEVER_ENDS };
  const last = all.items[all.items.length - 1];
  return { startsAt, endsAt: Math.max(pointMs(last.end)!, pointMs(last.start)!) };
}

/**
 * What a reminder is planned from: the row's fields and its owner's zone. All-day events float to
 * the viewer's zone (the calendar shows them on the account's days), so they remind before the
 * account's midnight, whatever zone the row was written in; a timed event's instants need no zone.
 */
export type ReminderFields = Pick<EventRow, "start" | "end" | "allDay" | "timeZone" | "rrule" | "exdates" | "reminderMinutes"> & { accountZone: string };

/** When an occurrence starting at `start` reminds (`minutes` before; all-day: before the account's local midnight). */
const reminderAtOf = (start: string, allDay: boolean, accountZone: string, minutes: number) =>
  (allDay ? localDayStartMs(start, accountZone) : pointMs(start)!) - minutes * 60_000;

/**
 * The first reminder due at or after `notBefore` (UTC ms): the occurrence it is for and when, or
 * nulls. `excluded` are the series' overridden occurrences (their override rows remind for them).
 */
export function nextReminder(row: ReminderFields, notBefore: number, excluded: string[] = []) {
  const none = { nextReminderAt: null, nextReminderOccurrence: null };
  if (row.reminderMinutes === null || row.reminderMinutes === undefined) return none;
  const minutes = row.reminderMinutes;
  if (!row.rrule) {
    const at = reminderAtOf(row.start, row.allDay, row.accountZone, minutes);
    return at >= notBefore ? { nextReminderAt: at, nextReminderOccurrence: row.start } : none;
  }
  // Occurrences starting from notBefore + minutes (a day earlier for all-day: the zone's midnight
  // can sit up to 14 hours from UTC's), checked one by one for the exact reminder time.
  const from = notBefore + minutes * 60_000 - (row.allDay ? 2 * DAY_MS : 0);
  const { items } = expandOccurrences(
    { ...row, exdates: [...row.exdates, ...excluded] },
    { from: new Date(from).toISOString(), to: new Date(from + REMINDER_HORIZON_MS).toISOString(), timeZone: row.allDay ? row.accountZone : row.timeZone, limit: 50 },
  );
  for (const o of items) {
    const at = reminderAtOf(o.start, row.allDay, row.accountZone, minutes);
    if (at >= notBefore) return { nextReminderAt: at, nextReminderOccurrence: o.occurrenceStart };
  }
  return none;
}

// ---------------------------------------------------------------- reads

/** The user's event or series (never an override row), or undefined. */
export async function findSeries(scoped: Scoped, id: string): Promise<EventRow | undefined> {
  const [row] = await scoped.select(events, and(eq(events.id, id), isNull(events.seriesId))).limit(1);
  return row;
}

/** `findSeries` as a `Read`, for a loader's own batch (a link names the event); undefined for a malformed id. */
export const findSeriesRead = (scoped: Scoped, id: string | undefined): Read<EventRow | undefined> =>
  isWellFormedId(id) ? read(scoped.select(events, and(eq(events.id, id), isNull(events.seriesId))).limit(1), ([row]) => row) : known(undefined);

/**
 * The first start of the user's event or series as SQL (UTC milliseconds; NULL when it is missing
 * or another user's), for statements of the same batch that look around it. Undefined for a malformed id.
 */
export function seriesStartOf(scoped: Scoped, id: string | undefined): SQL<number> | undefined {
  if (!isWellFormedId(id)) return undefined;
  const start = scoped.db.select({ at: events.startsAt }).from(events).where(scoped.owned(events, and(eq(events.id, id), isNull(events.seriesId)))).limit(1);
  return sql<number>`${start}`;
}

/** The override rows of a series. */
export const overridesOf = (scoped: Scoped, seriesId: string) => scoped.select(events, eq(events.seriesId, seriesId));

/** The window [from, to) in UTC ms; dates are the user's local days, `to` inclusive. Throws on bad input (validated first). */
export const windowMs = (from: string, to: string, timeZone: string) => ({ fromMs: boundMs(from, timeZone, false), toMs: boundMs(to, timeZone, true) });

const toItem = (row: EventRow, occurrence: { occurrenceStart: string; start: string; end: string }, seriesId: string, recurring: boolean, modified: boolean): OccurrenceItem => ({
  id: seriesId,
  occurrenceStart: occurrence.occurrenceStart,
  title: row.title,
  description: row.description,
  location: row.location,
  start: occurrence.start,
  end: occurrence.end,
  allDay: row.allDay,
  timeZone: row.timeZone,
  recurring,
  rrule: recurring ? row.rrule : null,
  reminderMinutes: row.reminderMinutes,
  busy: row.busy,
  modified,
});

/**
 * Every occurrence of the user's events overlapping [from, to) — `from`/`to` as dates (the
 * viewer's local days, `to` inclusive) or instants — recurrences expanded in each event's zone,
 * exdates removed and one-occurrence changes applied, sorted by start. One D1 round trip: the rows
 * whose range overlaps the window, and which occurrences of the series among them were changed
 * near it. Used by GET /events, the calendar screen, the timeline (smart scheduling) and nothing
 * else re-implements it.
 */
export function occurrencesBetweenRead(scoped: Scoped, from: string, to: string, viewerZone: string): Read<OccurrenceItem[]> {
  const { fromMs, toMs } = windowMs(from, to, viewerZone);
  return mapRead(occurrencesWithinRead(scoped, fromMs, toMs), (occurrencesIn) => occurrencesIn(fromMs, toMs, viewerZone));
}

/** A bound in UTC milliseconds: a number, or SQL that the batch resolves (a subquery on another row). */
export type MsBound = number | SQL<number>;

/** A changed occurrence of a series: the series and the occurrence's original start (RECURRENCE-ID). */
type ChangedOccurrence = { seriesId: string | null; recurrenceId: string | null };

/** A UTC-milliseconds bound as a Julian day number, what SQLite's `julianday()` answers for a stored instant. */
const julianDayOf = (ms: number | SQL) => sql`((${ms}) / 86400000.0 + 2440587.5)`;

/**
 * `occurrencesBetweenRead` for a window only the batch reveals (a bound read by another query of
 * the batch, or the viewer's zone): the rows that can have an occurrence between the bounds, and an
 * answer that gives the occurrences in a window [fromMs, toMs) inside them, for a viewer's zone.
 */
export function occurrencesWithinRead(scoped: Scoped, fromBound: MsBound, toBound: MsBound): Read<(fromMs: number, toMs: number, viewerZone: string) => OccurrenceItem[]> {
  // All-day rows store UTC midnights but float to the viewer's zone (up to ±14 h), and GET /events
  // passes its window in UTC before it knows the viewer's zone: widen by a day.
  const [after, before] = typeof fromBound === "number" && typeof toBound === "number" ? [fromBound - DAY_MS, toBound + DAY_MS] : [sql`${fromBound} - ${DAY_MS}`, sql`${toBound} + ${DAY_MS}`];
  const inRange = (table: { endsAt: SQLiteColumn; startsAt: SQLiteColumn }) => and(gt(table.endsAt, after), sql`${table.startsAt} < ${before}`)!;
  // Whole rows only for what can show in the window: events, series, and overrides where they now are.
  const rows = scoped.select(events, inRange(events));
  // A series skips the occurrences its override rows took over. An endless series is in every
  // window and keeps every override ever made (each a copy of the series' description), so only
  // the pair is read, and only for occurrences that can reach the window: an original start from
  // the series' duration before it (`expandOccurrences` asks its rule no earlier) to its end. A
  // RECURRENCE-ID SQLite cannot read is kept, as every one was before.
  const series = alias(events, "series");
  const original = sql`julianday(${events.recurrenceId})`;
  const duration = sql`max(0, julianday(${series.end}) - julianday(${series.start}))`;
  const changed = scoped.db
    .select({ seriesId: events.seriesId, recurrenceId: events.recurrenceId })
    .from(events)
    .innerJoin(series, eq(series.id, events.seriesId))
    .where(
      and(
        eq(events.userId, scoped.userId),
        eq(series.userId, scoped.userId),
        isNull(series.seriesId),
        isNotNull(series.rrule),
        inRange(series),
        sql`coalesce(${original} <= ${julianDayOf(before)} and ${original} >= ${julianDayOf(after)} - ${duration}, 1)`,
      ),
    );
  return mapRead(readAll([read(rows), read(changed)]), ([found, changes]) => (fromMs, toMs, viewerZone) => occurrencesOf(found, changes, fromMs, toMs, viewerZone));
}

export async function occurrencesBetween(scoped: Scoped, from: string, to: string, viewerZone: string): Promise<OccurrenceItem[]> {
  return run(scoped.db, occurrencesBetweenRead(scoped, from, to, viewerZone));
}

/** The occurrences in [fromMs, toMs) of the rows `occurrencesBetweenRead` found, sorted by start; `changes` are hidden from their series. */
function occurrencesOf(rows: readonly EventRow[], changes: readonly ChangedOccurrence[], fromMs: number, toMs: number, viewerZone: string): OccurrenceItem[] {

  const overridden = new Map<string, string[]>();
  for (const row of [...changes, ...rows]) if (row.seriesId && row.recurrenceId) overridden.set(row.seriesId, [...(overridden.get(row.seriesId) ?? []), row.recurrenceId]);

  const items: { sort: number; item: OccurrenceItem }[] = [];
  const window = { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  for (const row of rows) {
    if (row.seriesId) {
      // An override is one occurrence where it now is; it may have moved into or out of the window.
      const s = row.allDay ? localDayStartMs(row.start, viewerZone) : pointMs(row.start)!;
      const e = row.allDay ? localDayStartMs(row.end, viewerZone) : pointMs(row.end)!;
      if (e > s ? s < toMs && e > fromMs : s >= fromMs && s < toMs)
        items.push({ sort: s, item: toItem(row, { occurrenceStart: row.recurrenceId!, start: row.start, end: row.end }, row.seriesId, true, true) });
      continue;
    }
    if (!row.rrule && !row.allDay) {
      // A single timed event needs no expansion (nor Temporal): its stored instants are the occurrence.
      const [s, e] = [pointMs(row.start)!, pointMs(row.end)!];
      if (e > s ? s < toMs && e > fromMs : s >= fromMs && s < toMs) items.push({ sort: s, item: toItem(row, { occurrenceStart: row.start, start: row.start, end: row.end }, row.id, false, false) });
      continue;
    }
    // The window end is exclusive for instants; expandOccurrences reads an instant `to` the same way.
    const { items: occurrences } = expandOccurrences(
      { start: row.start, end: row.end, allDay: row.allDay, timeZone: row.timeZone, rrule: row.rrule, exdates: [...row.exdates, ...(overridden.get(row.id) ?? [])] },
      { ...window, timeZone: viewerZone },
    );
    for (const o of occurrences) items.push({ sort: row.allDay ? localDayStartMs(o.start, viewerZone) : pointMs(o.start)!, item: toItem(row, o, row.id, row.rrule !== null, false) });
  }
  items.sort((a, b) => a.sort - b.sort || (a.item.allDay === b.item.allDay ? 0 : a.item.allDay ? -1 : 1));
  return items.map((i) => i.item);
}

/** Everything of the user's calendar for GET /me/export (ids kept; the user id is implied). */
export async function exportCalendar(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [rows, reminders] = await Promise.all([
    scoped.select(events).orderBy(asc(events.startsAt), asc(events.id)),
    scoped.select(eventReminders).orderBy(asc(eventReminders.sentAt)),
  ]);
  return {
    events: rows.map(({ userId: _u, startsAt: _s, endsAt: _e, nextReminderAt: _n, nextReminderOccurrence: _o, ...row }) => row),
    eventReminders: reminders.map(({ userId: _u, ...row }) => row),
  };
}

// ---------------------------------------------------------------- writes

/** The derived columns of a row with these fields (range, next reminder from `now`). */
export function derived(fields: EventFields, accountZone: string, now: number, excluded: string[] = []) {
  return { ...extentOf(fields), ...nextReminder({ ...fields, accountZone }, now, excluded) };
}

/**
 * The account's zone, read only when one of these rows has an all-day reminder (the only reminders
 * it places); otherwise "UTC", which nothing then reads.
 */
async function accountZoneFor(scoped: Scoped, rows: Pick<EventFields, "allDay" | "reminderMinutes">[]): Promise<string> {
  if (!rows.some((row) => row.allDay && row.reminderMinutes !== null)) return "UTC";
  return (await findUserById(scoped.db, scoped.userId))?.timeZone ?? "UTC";
}

/** Inserts an event or series; returns it. */
export async function insertEvent(scoped: Scoped, fields: EventFields, now: Date, uid?: string): Promise<EventRow> {
  const id = newId();
  const zone = await accountZoneFor(scoped, [fields]);
  const [row] = await scoped
    .insert(events, { id, ...fields, uid: uid ?? `${id}@rumo.app`, ...derived(fields, zone, now.getTime()), createdAt: now, updatedAt: now })
    .returning();
  return row;
}

/**
 * Replaces a series' fields. `overrides`: "keep" them, "drop" them (the rule or timing changed in
 * a way they cannot follow), or move their RECURRENCE-IDs with `shift` (the series moved in time).
 * `also`: other writes of the same step (a sync's link and conflict records), in the same batch.
 */
export async function updateSeries(
  scoped: Scoped,
  row: EventRow,
  fields: EventFields,
  now: Date,
  overrides: { mode: "keep" } | { mode: "drop" } | { mode: "shift"; recurrenceIds: Map<string, string> },
  also: BatchItem<"sqlite">[] = [],
) {
  const [existing, zone] = await Promise.all([overrides.mode === "drop" ? [] : overridesOf(scoped, row.id), accountZoneFor(scoped, [fields])]);
  const excluded = existing.map((o) => (overrides.mode === "shift" ? (overrides.recurrenceIds.get(o.id) ?? o.recurrenceId!) : o.recurrenceId!));
  const writes: BatchItem<"sqlite">[] = [scoped.update(events, { ...fields, ...derived(fields, zone, now.getTime(), excluded), updatedAt: now }, eq(events.id, row.id))];
  if (overrides.mode === "drop") writes.push(scoped.delete(events, eq(events.seriesId, row.id)));
  if (overrides.mode === "shift")
    for (const [id, recurrenceId] of overrides.recurrenceIds) writes.push(scoped.update(events, { recurrenceId, updatedAt: now }, eq(events.id, id)));
  await scoped.batch([...writes, ...also]);
  return (await findSeries(scoped, row.id))!;
}

/**
 * Changes one occurrence: creates or replaces its override row, and skips it in the series' reminders.
 * `also`: other writes of the same step given the override's id (a sync's link), in the same batch.
 */
export async function upsertOverride(scoped: Scoped, series: EventRow, occurrenceStart: string, fields: EventFields, now: Date, also: (id: string) => BatchItem<"sqlite">[] = () => []) {
  const overrideFields = { ...fields, rrule: null, exdates: [] };
  const [existing, zone] = await Promise.all([overridesOf(scoped, series.id), accountZoneFor(scoped, [overrideFields, series])]);
  const current = existing.find((o) => o.recurrenceId === occurrenceStart);
  const values = { ...overrideFields, ...derived(overrideFields, zone, now.getTime()), updatedAt: now };
  const excluded = [...new Set([...existing.map((o) => o.recurrenceId!), occurrenceStart])];
  const seriesReminder = nextReminder({ ...series, accountZone: zone }, now.getTime(), excluded);
  const id = current?.id ?? newId();
  await scoped.batch([
    current
      ? scoped.update(events, values, eq(events.id, current.id))
      : scoped.insert(events, { id, seriesId: series.id, recurrenceId: occurrenceStart, uid: series.uid, ...values, createdAt: now }),
    scoped.update(events, { ...seriesReminder, updatedAt: now }, eq(events.id, series.id)),
    ...also(id),
  ]);
  const [row] = await scoped.select(events, eq(events.id, id));
  return row;
}

/**
 * Removes one occurrence: an exdate on the series, and its override row if it had one (`also`:
 * other writes of the same step). The exdates are written whole, so a concurrent removal of
 * another occurrence (two devices, or the deletes a closing page sends at once) fails this batch,
 * and it runs again from the series as it is now.
 */
export async function removeOccurrence(scoped: Scoped, read: EventRow, occurrenceStart: string, now: Date, also: BatchItem<"sqlite">[] = []) {
  let series = read;
  await retryWhenStale(async () => {
    const [existing, zone] = await Promise.all([overridesOf(scoped, series.id), accountZoneFor(scoped, [series])]);
    const exdates = series.exdates.includes(occurrenceStart) ? series.exdates : [...series.exdates, occurrenceStart];
    const excluded = existing.map((o) => o.recurrenceId!).filter((r) => r !== occurrenceStart);
    const at = stampAfter(series.updatedAt, now);
    try {
      await scoped.batch([
        scoped.unchangedSince(events, series.id, series.updatedAt, at),
        scoped.update(events, { exdates, ...nextReminder({ ...series, exdates, accountZone: zone }, at.getTime(), excluded), updatedAt: at }, eq(events.id, series.id)),
        scoped.delete(events, and(eq(events.seriesId, series.id), eq(events.recurrenceId, occurrenceStart))),
        ...also,
      ]);
    } catch (error) {
      const [fresh] = changedConcurrently(error) ? await scoped.select(events, eq(events.id, series.id)) : [];
      if (fresh) series = fresh;
      throw error;
    }
  });
}

/**
 * "This and the following": the series keeps what came before (`before`, or is deleted when the
 * split is at its first occurrence) and `after` becomes a new series (or nothing, for a delete),
 * taking the override rows at or after the split with it. One batch.
 */
export async function splitAt(
  scoped: Scoped,
  series: EventRow,
  before: EventFields | null,
  after: EventFields | null,
  movedOverrides: { id: string; recurrenceId: string }[],
  now: Date,
  droppedOverrides: readonly string[] = [],
): Promise<EventRow | null> {
  const [existing, zone] = await Promise.all([overridesOf(scoped, series.id), accountZoneFor(scoped, [before, after].filter((f) => f !== null))]);
  const moved = new Set(movedOverrides.map((o) => o.id));
  // Changed occurrences the new rule cannot keep go with the split, all or nothing.
  const writes = [];
  for (const id of droppedOverrides) writes.push(removeOverrideRow(scoped, id) as never);
  let newId_: string | null = null;
  if (after) {
    newId_ = newId();
    const excluded = movedOverrides.map((o) => o.recurrenceId);
    writes.push(scoped.insert(events, { id: newId_, ...after, uid: `${newId_}@rumo.app`, ...derived(after, zone, now.getTime(), excluded), createdAt: now, updatedAt: now }));
    for (const o of movedOverrides) writes.push(scoped.update(events, { seriesId: newId_, recurrenceId: o.recurrenceId, updatedAt: now }, eq(events.id, o.id)) as never);
  } else {
    for (const o of movedOverrides) writes.push(scoped.delete(events, eq(events.id, o.id)) as never);
  }
  if (before) {
    const excluded = existing.filter((o) => !moved.has(o.id)).map((o) => o.recurrenceId!);
    writes.push(scoped.update(events, { ...before, ...derived(before, zone, now.getTime(), excluded), updatedAt: now }, eq(events.id, series.id)) as never);
  } else {
    writes.push(scoped.delete(events, eq(events.id, series.id)) as never);
  }
  await scoped.batch(writes);
  return newId_ ? ((await findSeries(scoped, newId_)) ?? null) : null;
}

/** Deletes an event or a whole series (its overrides and sent-reminder rows cascade). */
export async function deleteSeries(scoped: Scoped, id: string) {
  await scoped.delete(events, and(eq(events.id, id), isNull(events.seriesId)));
}

// ---------------------------------------------------------------- iCalendar import and feed (issue 13)

/** The user's rows whose UID is one of `uids` (series and overrides), for the import's matching. */
export async function rowsWithUids(scoped: Scoped, uids: string[]): Promise<EventRow[]> {
  const unique = [...new Set(uids)];
  const chunks: string[][] = [];
  // D1 binds at most 100 parameters per statement (the user id is one).
  for (let i = 0; i < unique.length; i += 90) chunks.push(unique.slice(i, i + 90));
  return (await Promise.all(chunks.map((chunk) => scoped.select(events, inArray(events.uid, chunk))))).flat();
}

/** A row the import writes: new when `existingId` is null, else new fields for that row. */
export type ImportedRow = { id: string; existingId: string | null; uid: string; seriesId: string | null; recurrenceId: string | null; fields: EventFields };

/** Statements per D1 batch of an import (a batch of thousands of rows can exhaust the isolate). */
export const IMPORT_BATCH_ROWS = 250;

/**
 * Writes an import: series before their overrides, each series' next reminder skipping the
 * occurrences its overrides (saved or new) take over, then deletes the saved overrides of
 * occurrences the file now excludes (`removedOverrides`, ids of `existing` rows). Chunked D1
 * batches, each all or nothing; when one fails, the chunks already written are undone (new rows
 * deleted, updated and deleted rows put back as they were) before the error is rethrown, so an
 * import never leaves half a file behind.
 */
export async function writeImport(scoped: Scoped, rows: ImportedRow[], existing: EventRow[], now: Date, removedOverrides: string[] = []) {
  const removed = new Set(removedOverrides);
  const overridden = new Map<string, string[]>();
  for (const r of [...existing.filter((e) => !removed.has(e.id)), ...rows]) if (r.seriesId && r.recurrenceId) overridden.set(r.seriesId, [...(overridden.get(r.seriesId) ?? []), r.recurrenceId]);
  const at = now.getTime();
  const zone = await accountZoneFor(scoped, rows.map((r) => r.fields));
  const ordered = [...rows.filter((r) => !r.seriesId), ...rows.filter((r) => r.seriesId)];
  const before = new Map(existing.map((r) => [r.id, r]));
  const statement = (r: ImportedRow) => {
    const values = { ...r.fields, ...derived(r.fields, zone, at, r.seriesId ? [] : (overridden.get(r.id) ?? [])), updatedAt: now };
    return r.existingId
      ? scoped.update(events, values, eq(events.id, r.existingId))
      : scoped.insert(events, { id: r.id, uid: r.uid, seriesId: r.seriesId, recurrenceId: r.recurrenceId, ...values, createdAt: now });
  };
  const done: ImportedRow[] = [];
  const deleted: EventRow[] = [];
  const removals = [...removed].flatMap((id) => (before.has(id) ? [before.get(id)!] : []));
  try {
    for (let i = 0; i < ordered.length; i += IMPORT_BATCH_ROWS) {
      const chunk = ordered.slice(i, i + IMPORT_BATCH_ROWS);
      await scoped.batch(chunk.map(statement) as never[]);
      done.push(...chunk);
    }
    for (let i = 0; i < removals.length; i += IMPORT_BATCH_ROWS) {
      const chunk = removals.slice(i, i + IMPORT_BATCH_ROWS);
      await scoped.batch(chunk.map((r) => scoped.delete(events, and(eq(events.id, r.id), isNotNull(events.seriesId)))) as never[]);
      deleted.push(...chunk);
    }
  } catch (error) {
    const undo = [
      // Overrides first (they reference their series), then series, then the deleted overrides back.
      ...[...done].reverse().filter((r) => !r.existingId).map((r) => scoped.delete(events, eq(events.id, r.id))),
      ...done.filter((r) => r.existingId && before.has(r.existingId)).map((r) => {
        const { id: _id, userId: _u, ...previous } = before.get(r.existingId!)!;
        return scoped.update(events, previous, eq(events.id, r.existingId!));
      }),
      ...deleted.map(({ userId: _u, ...row }) => scoped.insert(events, row)),
    ];
    for (let i = 0; i < undo.length; i += IMPORT_BATCH_ROWS) await scoped.batch(undo.slice(i, i + IMPORT_BATCH_ROWS) as never[]);
    throw error;
  }
}

/**
 * What the feed writes (docs/decisions/0087): the events and changed occurrences that end
 * after `since`, and every series with an occurrence or a changed one after it, whole.
 */
function inFeed(scoped: Scoped, since: number) {
  const changedLater = scoped.db
    .select({ id: events.seriesId })
    .from(events)
    .where(and(eq(events.userId, scoped.userId), gt(events.endsAt, since), isNotNull(events.seriesId)));
  return or(gt(events.endsAt, since), and(isNull(events.seriesId), inArray(events.id, changedLater)))!;
}

/** The zones of the timed rows the feed writes (one VTIMEZONE each, written before any event). */
export const feedZones = async (scoped: Scoped, since: number) =>
  (await scoped.db.selectDistinct({ timeZone: events.timeZone }).from(events).where(scoped.owned(events, and(eq(events.allDay, false), inFeed(scoped, since))))).map((r) => r.timeZone);

/** Rows per page of the feed: a page of rows with long descriptions stays a few megabytes. */
export const FEED_PAGE_ROWS = 200;

/** A feed row: an override carries its series' UID, and a series the occurrences changed before `since`. */
export type FeedRow = EventRow & { seriesUid: string | null; changedBefore: string[] };

/**
 * The feed's rows (see `inFeed`) one page at a time, by start. The changes of a series' occurrences
 * that ended before `since` are left out; the series is told which occurrences they were, so it
 * can leave those out too rather than show them as they were before the change.
 */
export async function* feedRows(scoped: Scoped, since: number, pageRows = FEED_PAGE_ROWS): AsyncGenerator<FeedRow[]> {
  const series = alias(events, "series");
  const old = alias(events, "old");
  const oldChanges = scoped.db
    .select({ ids: sql`json_group_array(${old.recurrenceId})` })
    .from(old)
    .where(and(eq(old.userId, scoped.userId), eq(old.seriesId, events.id), lte(old.endsAt, since)));
  const changedBefore = sql<string | null>`case when ${events.seriesId} is null and ${events.rrule} is not null then (${oldChanges}) end`;
  let last: { startsAt: number; id: string } | null = null;
  for (;;) {
    const afterLast: SQL | undefined = last ? or(gt(events.startsAt, last.startsAt), and(eq(events.startsAt, last.startsAt), gt(events.id, last.id))) : undefined;
    const page = await scoped.db
      .select({ row: events, seriesUid: series.uid, changedBefore })
      .from(events)
      .leftJoin(series, eq(series.id, events.seriesId))
      .where(scoped.owned(events, and(inFeed(scoped, since), afterLast)))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(pageRows);
    if (page.length) yield page.map(({ row, seriesUid, changedBefore }) => ({ ...row, seriesUid, changedBefore: changedBefore ? (JSON.parse(changedBefore) as string[]) : [] }));
    if (page.length < pageRows) return;
    last = page[page.length - 1].row;
  }
}

/** The user's feed row, if they have one. */
export async function feedOf(scoped: Scoped) {
  const [row] = await scoped.select(calendarFeeds);
  return row;
}

/** Gives the user a feed with this token, replacing the one they had (its address stops working). */
export async function replaceFeed(scoped: Scoped, tokenHash: string, tokenSealed: string, now: Date) {
  await scoped.batch([scoped.delete(calendarFeeds), scoped.insert(calendarFeeds, { id: newId(), tokenHash, tokenSealed, createdAt: now })]);
}

/** Revokes the user's feed. */
export const revokeFeed = (scoped: Scoped) => scoped.delete(calendarFeeds);

/**
 * The owner of a feed token's hash (the public feed route knows no user: the token is the only key,
 * so this one read is by token, and every read after it is scoped to the user it names).
 */
export async function feedOwner(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)).limit(1);
  return row?.userId;
}

/** The feed rows of the user, for GET /me/export (the token stays sealed; its hash is not exported). */
export const exportFeeds = async (scoped: Scoped) => (await scoped.select(calendarFeeds)).map((f) => ({ id: f.id, createdAt: f.createdAt }));

// ---------------------------------------------------------------- reminders

/**
 * One keyset page of the ids of users with a reminder due at `now` (cross-user: ids only), from the
 * due range of events_next_reminder_idx. Left to itself, SQLite walked events_user_range_idx from
 * `afterId` for the page's order, reading every event there is in every minute's run; the unary `+`
 * keeps user_id out of index choice and the few due rows are sorted (as the routine reminders'
 * page, decision 0099; tests/worker/cron-query-plans.test.ts pins the plan).
 */
export const usersWithDueReminders = async (db: Db, now: Date, page: IdPage): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: events.userId })
      .from(events)
      .where(and(lte(events.nextReminderAt, now.getTime()), sql`+${events.userId} > ${page.afterId}`))
      .orderBy(sql`+${events.userId}`)
      .limit(page.limit)
  ).map((r) => r.id);

/** The user's rows whose reminder is due at `now`, each with the account's zone (`nextReminder` plans the next one in it). */
export const dueReminders = (scoped: Scoped, now: Date): Promise<(EventRow & { accountZone: string })[]> =>
  scoped.db
    .select({ ...getTableColumns(events), accountZone: users.timeZone })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(scoped.owned(events, lte(events.nextReminderAt, now.getTime())))
    .orderBy(asc(events.nextReminderAt));

/**
 * The writes that move the user's all-day reminders to a new account zone, for the batch that
 * changes the zone (never one without the other). A pending reminder that the move puts in the past
 * stays due, so it comes at once rather than never; rows changed meanwhile are left as they are.
 */
export async function allDayRemindersIn(scoped: Scoped, accountZone: string, now: Date) {
  // The all-day rows with a reminder, and every override row (a series skips the occurrences they took over).
  const rows = await scoped.select(events, or(and(eq(events.allDay, true), isNotNull(events.reminderMinutes)), isNotNull(events.seriesId)));
  const overridden = new Map<string, string[]>();
  for (const row of rows) if (row.seriesId && row.recurrenceId) overridden.set(row.seriesId, [...(overridden.get(row.seriesId) ?? []), row.recurrenceId]);
  return rows.flatMap((row) => {
    if (!row.allDay || row.reminderMinutes === null) return [];
    const pending = row.nextReminderOccurrence;
    const pendingAt = pending === null ? null : reminderAtOf(pending, true, accountZone, row.reminderMinutes);
    const next =
      pendingAt !== null && pendingAt < now.getTime()
        ? { nextReminderAt: pendingAt, nextReminderOccurrence: pending }
        : nextReminder({ ...row, accountZone }, now.getTime(), row.seriesId ? [] : (overridden.get(row.id) ?? []));
    if (next.nextReminderAt === row.nextReminderAt && next.nextReminderOccurrence === row.nextReminderOccurrence) return [];
    const unchanged = and(eq(events.id, row.id), eq(events.updatedAt, row.updatedAt), row.nextReminderAt === null ? isNull(events.nextReminderAt) : eq(events.nextReminderAt, row.nextReminderAt));
    return [scoped.update(events, next, unchanged)];
  });
}

/**
 * Claims one reminder (event, occurrence) and moves the row's next reminder on, in one batch.
 * True when this call claimed it: a rerun, a retry or a second consumer finds the row taken and
 * sends nothing.
 */
export async function claimReminder(scoped: Scoped, row: EventRow, occurrenceStart: string, next: { nextReminderAt: number | null; nextReminderOccurrence: string | null }, now: Date) {
  const [claimed] = await scoped.db.batch([
    scoped.db
      .insert(eventReminders)
      .values({ id: newId(), userId: scoped.userId, eventId: row.id, occurrenceStart, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: eventReminders.id }),
    scoped.update(events, next, and(eq(events.id, row.id), eq(events.nextReminderAt, row.nextReminderAt!))),
  ]);
  return claimed.length > 0;
}

/** The recurrence ids of a series' override rows (excluded from its own reminders). */
export const overriddenOccurrences = async (scoped: Scoped, seriesId: string) => (await overridesOf(scoped, seriesId)).map((o) => o.recurrenceId!);

/** Deletes one override row (its series changed in a way it cannot follow). */
export const removeOverrideRow = (scoped: Scoped, id: string) => scoped.delete(events, and(eq(events.id, id), isNotNull(events.seriesId)));

// ---------------------------------------------------------------- Google Calendar sync (docs/decisions/0035)

export type { GoogleCalendarRow, GoogleConnectionRow, GoogleOutboxRow };

export const googleConnectionOf = async (scoped: Scoped): Promise<GoogleConnectionRow | undefined> => (await scoped.select(googleConnections).limit(1))[0];

/** Creates or replaces the connection (a new token puts it back to "connected"); kept calendars are no longer disconnected. */
export async function saveGoogleConnection(scoped: Scoped, refreshToken: string, now: Date) {
  await scoped.batch([
    scoped.db
      .insert(googleConnections)
      .values({ userId: scoped.userId, status: "connected", refreshToken, lastError: null, nextSyncAt: null, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: googleConnections.userId, set: { status: "connected", refreshToken, lastError: null, nextSyncAt: null, updatedAt: now } }),
    scoped.update(googleCalendars, { disconnectedAt: null }, isNotNull(googleCalendars.disconnectedAt)),
  ]);
}

export const updateGoogleConnection = (scoped: Scoped, set: Partial<Pick<GoogleConnectionRow, "status" | "lastSyncAt" | "lastError" | "nextSyncAt" | "defaultCalendarId">>, now: Date) =>
  scoped.update(googleConnections, { ...set, updatedAt: now });

/**
 * Disconnects: the connection (and its refresh token) goes; the events stay as Rumo events. What
 * the sync knows is kept (docs/decisions/0092): the calendars with their sync tokens, which Google
 * event each row is (links), and the changes Google has not got yet. Changes made meanwhile keep
 * queueing, so connecting the same account again resumes like the end of a pause: per event the
 * later change wins, and nothing made here while disconnected is overwritten by Google's older copy.
 * The kept calendars are stamped with the disconnection: 30 days later `forgetDisconnectedGoogleSync`
 * drops that memory. Returns the deleted connection (its refresh token is revoked at Google), or null.
 */
export async function deleteGoogleConnection(scoped: Scoped, now: Date): Promise<GoogleConnectionRow | null> {
  const connection = await googleConnectionOf(scoped);
  if (!connection) return null;
  await scoped.batch([scoped.delete(googleConnections), scoped.update(googleCalendars, { disconnectedAt: now })]);
  return connection;
}

/**
 * Forgets, across users, the sync memory a disconnect kept (0092) once the disconnection is older
 * than `before`: the calendars, the links and the outbox of users with no connection whose calendars
 * were all disconnected by then, and the outbox left without calendars (changes made by then). Their
 * events stay as plain Rumo events. A deliberate cross-user delete, in one batch: it reads only ids.
 */
export async function forgetDisconnectedGoogleSync(db: Db, before: Date): Promise<number> {
  // Each condition is asked of one user (NOT EXISTS on their own rows, by the user's indexes), not
  // as NOT IN over a list of every connected user or calendar, which read those tables whole.
  const later = alias(googleCalendars, "later");
  const connectedUser = (userId: SQLiteColumn) => db.select({ one: sql`1` }).from(googleConnections).where(eq(googleConnections.userId, userId));
  const calendarOf = (userId: SQLiteColumn) => db.select({ one: sql`1` }).from(later).where(eq(later.userId, userId));
  // No calendar of theirs disconnected later (or never): a stale mark of a connected user is left out too.
  const recentCalendarOf = (userId: SQLiteColumn) =>
    db
      .select({ one: sql`1` })
      .from(later)
      .where(and(eq(later.userId, userId), or(isNull(later.disconnectedAt), gt(later.disconnectedAt, before))));
  const forgotten = db
    .select({ userId: googleCalendars.userId })
    .from(googleCalendars)
    .where(and(lte(googleCalendars.disconnectedAt, before), notExists(connectedUser(googleCalendars.userId)), notExists(recentCalendarOf(googleCalendars.userId))));
  const results = await db.batch([
    db.delete(googleOutbox).where(inArray(googleOutbox.userId, forgotten)),
    db
      .delete(googleOutbox)
      .where(and(lte(googleOutbox.changedAt, before.getTime()), notExists(connectedUser(googleOutbox.userId)), notExists(calendarOf(googleOutbox.userId)))),
    db.delete(googleEventLinks).where(inArray(googleEventLinks.userId, forgotten)),
    db.delete(googleCalendars).where(inArray(googleCalendars.userId, forgotten)),
  ]);
  return results.reduce((sum, result) => sum + result.meta.changes, 0);
}

/**
 * Whether the user's changes are queued for Google: connected (even if paused or asked to
 * reconnect), or disconnected with the sync's memory kept (its calendars, 0092). One round trip.
 */
async function queuesForGoogle(scoped: Scoped) {
  const connection = scoped.db.select({ id: googleConnections.userId }).from(googleConnections).where(eq(googleConnections.userId, scoped.userId)).limit(1);
  const calendar = scoped.db.select({ id: googleCalendars.id }).from(googleCalendars).where(eq(googleCalendars.userId, scoped.userId)).limit(1);
  const [connections, calendars] = await run(scoped.db, readAll([read(connection), read(calendar)]));
  return connections.length + calendars.length > 0;
}

export const googleCalendarsOf = (scoped: Scoped) => scoped.select(googleCalendars).orderBy(desc(googleCalendars.primary), asc(googleCalendars.summary));

/**
 * Adds the calendars Google lists and refreshes their names; a new primary calendar is shown by
 * default. The ones Google no longer lists go, with their links (their events stay here): a calendar
 * deleted at Google, or a previous account's after connecting another one (0092).
 */
export async function saveGoogleCalendars(scoped: Scoped, entries: { googleId: string; summary: string; color: string | null; primary: boolean }[], now: Date) {
  const listed = new Set(entries.map((e) => e.googleId));
  // An empty list is not trusted to mean "none left": nothing is removed then.
  const goneCalendars = entries.length ? (await googleCalendarsOf(scoped)).filter((c) => !listed.has(c.googleId)) : [];
  const gone = goneCalendars.map((c) => c.id);
  const writes: BatchItem<"sqlite">[] = entries.map((e) =>
    scoped.db
      .insert(googleCalendars)
      .values({ id: newId(), userId: scoped.userId, ...e, selected: e.primary, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [googleCalendars.userId, googleCalendars.googleId], set: { summary: e.summary, color: e.color, primary: e.primary, updatedAt: now } }),
  );
  if (gone.length)
    writes.push(
      // Their events stay here as plain events, so what is still queued for them goes nowhere: an
      // edit would otherwise be inserted into the current account's default calendar (another
      // account's, after connecting a different one), and a deletion there cannot reach them. Before
      // the calendars: their links say which events were theirs.
      scoped.delete(
        googleOutbox,
        or(
          and(eq(googleOutbox.action, "upsert"), inArray(googleOutbox.eventId, scoped.db.select({ id: googleEventLinks.eventId }).from(googleEventLinks).where(and(eq(googleEventLinks.userId, scoped.userId), inArray(googleEventLinks.calendarId, gone))))),
          and(eq(googleOutbox.action, "delete"), inArray(googleOutbox.calendarId, goneCalendars.map((c) => c.googleId))),
        ),
      ),
      scoped.delete(googleCalendars, inArray(googleCalendars.id, gone)),
    );
  await scoped.batch(writes);
  return googleCalendarsOf(scoped);
}

/**
 * The rows hiding a calendar removes here: the events Google brought from it (series and single
 * events; their overrides go with them). Events created in Rumo (UID `<id>@rumo.app`, as
 * `insertEvent` and a "following" split write it) stay even when they were pushed to that calendar.
 */
const broughtFromCalendar = (scoped: Scoped, calendarId: string) =>
  scoped.db
    .select({ id: events.id })
    .from(googleEventLinks)
    .innerJoin(events, eq(events.id, googleEventLinks.eventId))
    .where(
      and(
        eq(googleEventLinks.userId, scoped.userId),
        eq(googleEventLinks.calendarId, calendarId),
        isNull(events.seriesId),
        sql`${events.uid} <> ${events.id} || '@rumo.app'`,
      ),
    );

/** How many changes of events hiding this calendar would remove are still waiting to reach Google. */
export const pendingGooglePushesOfCalendar = async (scoped: Scoped, calendarId: string) =>
  (
    await scoped.db
      .select({ n: sql<number>`count(*)` })
      .from(googleOutbox)
      .where(and(eq(googleOutbox.userId, scoped.userId), inArray(googleOutbox.eventId, broughtFromCalendar(scoped, calendarId))))
  )[0].n;

/**
 * Shows or hides a calendar and forgets its sync token. Hiding removes here (not at Google) the
 * events Google brought from it, except any with a change still waiting to reach Google (the
 * caller pushes or refuses first; this keeps them even if one arrived meanwhile).
 */
export async function setGoogleCalendarSelected(scoped: Scoped, id: string, selected: boolean, now: Date) {
  const writes = [scoped.update(googleCalendars, { selected, syncToken: null, updatedAt: now }, eq(googleCalendars.id, id))];
  if (!selected) {
    const waiting = scoped.db.select({ id: googleOutbox.eventId }).from(googleOutbox).where(eq(googleOutbox.userId, scoped.userId));
    writes.push(scoped.delete(events, and(inArray(events.id, broughtFromCalendar(scoped, id)), notInArray(events.id, waiting))) as never);
  }
  await scoped.batch(writes);
}

export const setGoogleSyncToken = (scoped: Scoped, id: string, syncToken: string | null, now: Date) =>
  scoped.update(googleCalendars, { syncToken, updatedAt: now }, eq(googleCalendars.id, id));

/** The Rumo row linked to a Google event of a calendar, with its link. */
export async function linkedEvent(scoped: Scoped, calendarId: string, googleEventId: string) {
  const [found] = await scoped.db
    .select({ event: events, link: googleEventLinks })
    .from(googleEventLinks)
    .innerJoin(events, eq(events.id, googleEventLinks.eventId))
    .where(and(eq(googleEventLinks.userId, scoped.userId), eq(googleEventLinks.calendarId, calendarId), eq(googleEventLinks.googleEventId, googleEventId)))
    .limit(1);
  return found;
}

/**
 * The user's event or series with this UID that no Google event is linked to: the copy left by a
 * disconnect, or imported from an .ics export, which a pull links instead of inserting it again.
 */
export async function unlinkedSeriesWithUid(scoped: Scoped, uid: string): Promise<EventRow | undefined> {
  const linked = scoped.db.select({ id: googleEventLinks.eventId }).from(googleEventLinks).where(eq(googleEventLinks.userId, scoped.userId));
  const [row] = await scoped.select(events, and(eq(events.uid, uid), isNull(events.seriesId), notInArray(events.id, linked))).orderBy(asc(events.createdAt)).limit(1);
  return row;
}

export const linkOf = async (scoped: Scoped, eventId: string) => (await scoped.select(googleEventLinks, eq(googleEventLinks.eventId, eventId)).limit(1))[0];

export type GoogleLink = { eventId: string; calendarId: string; googleEventId: string; googleUpdatedAt: number };

/** Writes a row's link (a statement, for a batch). */
export const googleLinkWrite = (scoped: Scoped, link: GoogleLink) =>
  scoped.db
    .insert(googleEventLinks)
    .values({ ...link, userId: scoped.userId })
    .onConflictDoUpdate({ target: googleEventLinks.eventId, set: { calendarId: link.calendarId, googleEventId: link.googleEventId, googleUpdatedAt: link.googleUpdatedAt } });

export async function saveGoogleLink(scoped: Scoped, link: GoogleLink) {
  await googleLinkWrite(scoped, link);
}

/** Inserts an event Google brought, with its link and the other writes of the same step, in one batch; returns its id. */
export async function insertLinkedEvent(scoped: Scoped, fields: EventFields, now: Date, uid: string, link: Omit<GoogleLink, "eventId">, also: BatchItem<"sqlite">[] = []) {
  const id = newId();
  const zone = await accountZoneFor(scoped, [fields]);
  await scoped.batch([
    scoped.insert(events, { id, ...fields, uid, ...derived(fields, zone, now.getTime()), createdAt: now, updatedAt: now }),
    googleLinkWrite(scoped, { ...link, eventId: id }),
    ...also,
  ]);
  return id;
}

/** The Rumo event ids linked to a calendar's Google events (a full resync removes the ones Google no longer has). */
export const linkedIdsOfCalendar = async (scoped: Scoped, calendarId: string) =>
  (await scoped.select(googleEventLinks, eq(googleEventLinks.calendarId, calendarId))).map((l) => ({ eventId: l.eventId, googleEventId: l.googleEventId }));

/** Deletes a row Google deleted (a series takes its overrides with it). */
export const deleteEventRow = (scoped: Scoped, id: string) => scoped.delete(events, eq(events.id, id));

export const findEventRow = async (scoped: Scoped, id: string) => (await scoped.select(events, eq(events.id, id)).limit(1))[0];

/**
 * Queues "make Google match this series" (or delete it) for a user who connected Google, even if
 * they disconnected since (0092); a no-op for one who never did. One pending row per series: a
 * newer change replaces it and is due at once.
 */
export async function queueGooglePush(scoped: Scoped, eventId: string, action: "upsert" | "delete", now: Date) {
  if (!(await queuesForGoogle(scoped))) return;
  const link = action === "delete" ? await linkOf(scoped, eventId) : undefined;
  if (action === "delete" && !link) {
    // Never reached Google: nothing to delete there, and nothing left to push.
    await scoped.delete(googleOutbox, eq(googleOutbox.eventId, eventId));
    return;
  }
  let calendarGoogleId: string | null = null;
  if (link) calendarGoogleId = (await scoped.select(googleCalendars, eq(googleCalendars.id, link.calendarId)).limit(1))[0]?.googleId ?? null;
  await outboxRow(scoped, eventId, { action, calendarId: calendarGoogleId, googleEventId: link?.googleEventId ?? null }, now);
}

/** `queueGooglePush(…, "upsert", …)` for many series at once (an import), in chunked batches. */
export async function queueGoogleUpserts(scoped: Scoped, eventIds: string[], now: Date) {
  if (!eventIds.length || !(await queuesForGoogle(scoped))) return;
  const writes = [...new Set(eventIds)].map((id) => outboxRow(scoped, id, { action: "upsert", calendarId: null, googleEventId: null }, now));
  for (let i = 0; i < writes.length; i += IMPORT_BATCH_ROWS) await scoped.batch(writes.slice(i, i + IMPORT_BATCH_ROWS) as never[]);
}

/** The outbox row of a series: a newer change replaces the pending one and is due at once. */
function outboxRow(scoped: Scoped, eventId: string, target: Pick<GoogleOutboxRow, "action" | "calendarId" | "googleEventId">, now: Date) {
  const values = { ...target, attempts: 0, nextAttemptAt: now.getTime(), lastError: null, changedAt: now.getTime() };
  return scoped.db
    .insert(googleOutbox)
    .values({ id: newId(), userId: scoped.userId, eventId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: [googleOutbox.userId, googleOutbox.eventId], set: values });
}

export const dueGooglePushes = (scoped: Scoped, now: Date, limit: number) =>
  scoped.select(googleOutbox, lte(googleOutbox.nextAttemptAt, now.getTime())).orderBy(asc(googleOutbox.nextAttemptAt)).limit(limit);

export const pendingGooglePush = async (scoped: Scoped, eventId: string) => (await scoped.select(googleOutbox, eq(googleOutbox.eventId, eventId)).limit(1))[0];

/** A deletion made here of this Google event that Google has not got yet (the row and its link are gone). */
export const pendingGoogleDeletion = async (scoped: Scoped, calendarGoogleId: string, googleEventId: string) =>
  (await scoped.select(googleOutbox, and(eq(googleOutbox.action, "delete"), eq(googleOutbox.calendarId, calendarGoogleId), eq(googleOutbox.googleEventId, googleEventId))).limit(1))[0];

export const pendingGooglePushCount = async (scoped: Scoped) => (await scoped.db.select({ n: sql<number>`count(*)` }).from(googleOutbox).where(eq(googleOutbox.userId, scoped.userId)))[0].n;

/** Done: removed unless a newer change of the same series arrived meanwhile. */
export const finishGooglePush = (scoped: Scoped, row: GoogleOutboxRow) =>
  scoped.delete(googleOutbox, and(eq(googleOutbox.id, row.id), eq(googleOutbox.changedAt, row.changedAt)));

export const deferGooglePush = (scoped: Scoped, row: GoogleOutboxRow, nextAttemptAt: number, error: string) =>
  scoped.update(googleOutbox, { attempts: row.attempts + 1, nextAttemptAt, lastError: error }, and(eq(googleOutbox.id, row.id), eq(googleOutbox.changedAt, row.changedAt)));

/** Keeps the version that lost a conflict. */
export const keepEventVersion = (scoped: Scoped, eventId: string, source: "rumo" | "google", snapshot: Record<string, unknown>, now: Date) =>
  scoped.insert(eventHistory, { id: newId(), eventId, source, reason: "conflict", snapshot, createdAt: now });

export const historyOfEvent = (scoped: Scoped, eventId: string) => scoped.select(eventHistory, eq(eventHistory.eventId, eventId)).orderBy(desc(eventHistory.createdAt));

/** The paid plans that include calendar sync (Light and Pro), from the one mapping of plans. */
const SYNC_TIERS = paidPlansWith("calendarSync");

/**
 * One keyset page of the ids of users whose background sync is due at `now`: connected, not backing
 * off, and with a plan that includes calendar sync — the Pro trial, a free Pro month, or a paid
 * subscription Stripe keeps live (the rules of billing's `subscriptionOf`, in SQL). A downgraded
 * user is left out instead of being queued every quarter hour to be skipped; the connection is
 * untouched, so the first run after an upgrade picks them again. Cross-user: ids only.
 */
export const usersDueForSync = async (db: Db, now: Date, page: IdPage): Promise<string[]> =>
  (
    await db
      .select({ id: googleConnections.userId })
      .from(googleConnections)
      .innerJoin(users, eq(users.id, googleConnections.userId))
      .where(
        and(
          eq(googleConnections.status, "connected"),
          or(isNull(googleConnections.nextSyncAt), lte(googleConnections.nextSyncAt, now.getTime())),
          gt(googleConnections.userId, page.afterId),
          onPlanAmong(db, googleConnections.userId, now, SYNC_TIERS),
        ),
      )
      .orderBy(asc(googleConnections.userId))
      .limit(page.limit)
  ).map((r) => r.id);

/** The sync's rows for GET /me/export: never the refresh token. */
export async function exportGoogleSync(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [connection, calendars, links, outbox, history] = await Promise.all([
    googleConnectionOf(scoped),
    scoped.select(googleCalendars),
    scoped.select(googleEventLinks),
    scoped.select(googleOutbox),
    scoped.select(eventHistory).orderBy(asc(eventHistory.createdAt)),
  ]);
  const strip = <T extends { userId: string }>({ userId: _u, ...row }: T) => row;
  return {
    googleCalendarConnection: connection ? (({ refreshToken: _t, userId: _u, ...row }) => row)(connection) : null,
    googleCalendars: calendars.map(({ syncToken: _s, ...row }) => strip(row)),
    googleEventLinks: links.map(strip),
    googleOutbox: outbox.map(strip),
    eventHistory: history.map(strip),
  };
}
