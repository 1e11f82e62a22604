/**
 * What importing a read document does to the user's calendar (pure): each event matched by UID
 * (and RECURRENCE-ID for one changed occurrence) against the rows already there is created,
 * updated, or skipped with a reason. The route writes the plan in one batch, or only shows it
 * (`?dryRun=true`).
 */
import { ApiError } from "../../../lib/errors";
import { checkFields } from "../api";
import type { EventFields, EventRow } from "../queries";
import { formatInstant, pointMs } from "../recurrence";
import type { IcsEvent, SkipReason, Skipped } from "./parse";

export type ExistingRow = Pick<EventRow, "id" | "uid" | "seriesId" | "recurrenceId"> & EventFields;

/** One row to write: a new one (`existingId` null) or new fields for one already there. */
export type PlannedRow = {
  id: string;
  existingId: string | null;
  uid: string;
  /** The series' row id for a changed occurrence. */
  seriesId: string | null;
  recurrenceId: string | null;
  fields: EventFields;
};

/** `removedOverrides`: saved override rows of a series in the file for occurrences it now excludes or cancels. */
export type ImportPlan = { rows: PlannedRow[]; removedOverrides: string[]; imported: number; updated: number; skipped: Skipped[] };

const reasonOf = (error: unknown): SkipReason => {
  if (!(error instanceof ApiError) || !error.fields) return "unreadable";
  if (error.fields.rrule === "calendar:validation.rruleTooMany") return "rruleTooDense";
  if (error.fields.rrule) return "invalidRrule";
  return "invalidDates";
};

const sameFields = (a: EventFields, b: EventFields) =>
  a.title === b.title &&
  a.description === b.description &&
  a.location === b.location &&
  a.allDay === b.allDay &&
  a.timeZone === b.timeZone &&
  a.rrule === b.rrule &&
  a.reminderMinutes === b.reminderMinutes &&
  a.busy === b.busy &&
  pointMs(a.start) === pointMs(b.start) &&
  pointMs(a.end) === pointMs(b.end) &&
  a.exdates.map(pointMs).sort().join() === b.exdates.map(pointMs).sort().join();

/** The RECURRENCE-ID as its series writes occurrences: a date, or an instant in the series' zone. */
const occurrenceKey = (recurrenceId: string, series: EventFields) => {
  if (series.allDay) return recurrenceId.length === 10 ? recurrenceId : formatInstant(pointMs(recurrenceId)!, series.timeZone).slice(0, 10);
  return formatInstant(pointMs(recurrenceId.length === 10 ? `${recurrenceId}T00:00:00Z` : recurrenceId)!, series.timeZone);
};

/**
 * The plan for `events` given the user's rows with the same UIDs. Masters first (an override may
 * come before its master in the file), then overrides of a series in the file or already saved.
 */
export function planImport(events: IcsEvent[], existing: ExistingRow[], newId: () => string, skippedBefore: Skipped[] = []): ImportPlan {
  const skipped = [...skippedBefore];
  const rows: PlannedRow[] = [];
  let imported = 0;
  let updated = 0;
  const existingSeries = new Map(existing.filter((r) => !r.seriesId).map((r) => [r.uid, r]));

  // Cancelled occurrences become exdates of their series (RFC 5545: STATUS:CANCELLED on an instance).
  const cancelledOf = new Map<string, string[]>();
  for (const e of events) if (e.recurrenceId && e.cancelled) cancelledOf.set(e.uid, [...(cancelledOf.get(e.uid) ?? []), e.recurrenceId]);

  const series = new Map<string, { id: string; fields: EventFields }>();
  const removedOverrides: string[] = [];
  for (const e of events) {
    if (e.recurrenceId) continue;
    if (e.cancelled) {
      skipped.push({ uid: e.uid, reason: "cancelled" });
      continue;
    }
    let fields: EventFields;
    try {
      const base = checkFields(e.fields);
      const extra = base.rrule ? (cancelledOf.get(e.uid) ?? []).map((r) => occurrenceKey(r, base)) : [];
      fields = extra.length ? checkFields({ ...base, exdates: [...new Set([...base.exdates, ...extra])] }) : base;
    } catch (error) {
      skipped.push({ uid: e.uid, reason: reasonOf(error) });
      continue;
    }
    const current = existingSeries.get(e.uid);
    series.set(e.uid, { id: current?.id ?? newId(), fields });
    if (current) {
      // An occurrence the file now excludes (EXDATE) or cancels loses its saved change, as deleting
      // one occurrence does; otherwise the override would keep showing it.
      const excluded = new Set(fields.exdates.map(pointMs));
      for (const r of existing) if (r.seriesId === current.id && excluded.has(pointMs(r.recurrenceId!))) removedOverrides.push(r.id);
    }
    if (current && sameFields(current, fields)) {
      skipped.push({ uid: e.uid, reason: "unchanged" });
      continue;
    }
    rows.push({ id: current?.id ?? series.get(e.uid)!.id, existingId: current?.id ?? null, uid: e.uid, seriesId: null, recurrenceId: null, fields });
    if (current) updated += 1;
    else imported += 1;
  }

  for (const e of events) {
    if (!e.recurrenceId || e.cancelled) continue;
    const parent = series.get(e.uid) ?? (existingSeries.has(e.uid) ? { id: existingSeries.get(e.uid)!.id, fields: existingSeries.get(e.uid)! as EventFields } : undefined);
    if (!parent || !parent.fields.rrule || parent.fields.allDay !== e.fields.allDay) {
      skipped.push({ uid: e.uid, reason: "noSeries" });
      continue;
    }
    const recurrenceId = occurrenceKey(e.recurrenceId, parent.fields);
    let fields: EventFields;
    try {
      fields = checkFields({ ...e.fields, timeZone: parent.fields.timeZone, rrule: null, exdates: [] });
    } catch (error) {
      skipped.push({ uid: e.uid, reason: reasonOf(error) });
      continue;
    }
    const current = existing.find((r) => r.seriesId === parent.id && pointMs(r.recurrenceId!) === pointMs(recurrenceId));
    if (current && sameFields(current, fields)) {
      skipped.push({ uid: e.uid, reason: "unchanged" });
      continue;
    }
    rows.push({ id: current?.id ?? newId(), existingId: current?.id ?? null, uid: e.uid, seriesId: parent.id, recurrenceId, fields });
    if (current) updated += 1;
    else imported += 1;
  }
  return { rows, removedOverrides, imported, updated, skipped };
}
