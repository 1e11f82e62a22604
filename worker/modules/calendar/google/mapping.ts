/**
 * Google event ⇄ Rumo event fields (docs/decisions/0035). Google keeps a series as a master event
 * with `recurrence` (RRULE/EXDATE lines) and its changed or cancelled occurrences as separate
 * "instances" (`recurringEventId` + `originalStartTime`); Rumo keeps a series row with `exdates` and
 * override rows (`recurrence_id`), so the two map one to one.
 */
import { cutText } from "../../../lib/cut-text";
import type { EventFields } from "../queries";
import { formatInstant, isIanaTimeZone, isValidDate, pointMs, validateRrule } from "../recurrence";
import type { GoogleDateTime, GoogleEvent } from "./client";

/** The instant of a wall-clock time (`YYYY-MM-DDTHH:MM:SS`) in `timeZone` (a DST gap resolves forward). */
export function wallClockMs(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local}Z`);
  const offsetAt = (ms: number) => {
    const text = formatInstant(ms, timeZone);
    const m = /([+-])(\d\d):(\d\d)$/.exec(text);
    return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  };
  let ms = asUtc - offsetAt(asUtc);
  ms = asUtc - offsetAt(ms);
  return ms;
}

const basic = (value: string) => {
  // 20260105T090000Z / 20260105T090000 / 20260105
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  return m[4] ? { date, time: `${m[4]}:${m[5]}:${m[6]}`, utc: Boolean(m[7]) } : { date, time: null, utc: false };
};

/** The removed occurrences of EXDATE lines, written as the series writes its starts. */
export function exdatesFrom(lines: string[], allDay: boolean, timeZone: string): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const m = /^EXDATE((?:;[^:]*)?):(.*)$/i.exec(line.trim());
    if (!m) continue;
    const tzid = /;TZID=([^;:]+)/i.exec(m[1])?.[1];
    const zone = tzid && isIanaTimeZone(tzid) ? tzid : timeZone;
    for (const part of m[2].split(",")) {
      const p = basic(part);
      if (!p) continue;
      if (allDay) out.push(p.date);
      else if (p.time) out.push(formatInstant(p.utc ? Date.parse(`${p.date}T${p.time}Z`) : wallClockMs(`${p.date}T${p.time}`, zone), timeZone));
    }
  }
  return out;
}

const compactUtc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Rumo's exdates as one EXDATE line (UTC instants, or dates when all-day). */
export function exdateLine(exdates: string[], allDay: boolean): string | null {
  if (!exdates.length) return null;
  return allDay ? `EXDATE;VALUE=DATE:${exdates.map((d) => d.replace(/-/g, "")).join(",")}` : `EXDATE:${exdates.map((d) => compactUtc(pointMs(d)!)).join(",")}`;
}

/** Google's id of one instance of a series: `<master>_<start in UTC basic form>` (a date when all-day). */
export const instanceId = (masterId: string, occurrenceStart: string, allDay: boolean) =>
  `${masterId}_${allDay ? occurrenceStart.replace(/-/g, "") : compactUtc(pointMs(occurrenceStart)!)}`;

const pointOf = (value: GoogleDateTime | undefined, timeZone: string): { point: string; allDay: boolean } | null => {
  if (value?.date && isValidDate(value.date)) return { point: value.date, allDay: true };
  const ms = value?.dateTime ? pointMs(value.dateTime) : null;
  return ms === null ? null : { point: formatInstant(ms, timeZone), allDay: false };
};

/** Google's occurrence start of an instance, written as its Rumo series writes occurrence starts. */
export function occurrenceStartOf(event: GoogleEvent, series: { allDay: boolean; timeZone: string }): string | null {
  const p = pointOf(event.originalStartTime, series.timeZone);
  if (!p) return null;
  if (series.allDay) return p.allDay ? p.point : p.point.slice(0, 10);
  return p.allDay ? null : p.point;
}

/** Google's `updated` in UTC ms (0 when missing). */
export const updatedMs = (event: GoogleEvent) => (event.updated ? Date.parse(event.updated) || 0 : 0);

/**
 * The Rumo fields of a Google event, or null when it cannot be shown (no usable start). `zone` is
 * the calendar's zone, used when the event names none. An RRULE Rumo's rules refuse (RDATE-only,
 * over 1,000 a year) keeps the first occurrence only, rather than losing the event.
 */
export function fieldsFromGoogle(event: GoogleEvent, zone: string, untitled: string): EventFields | null {
  const eventZone = event.start?.timeZone && isIanaTimeZone(event.start.timeZone) ? event.start.timeZone : zone;
  const start = pointOf(event.start, eventZone);
  if (!start) return null;
  let end = pointOf(event.end, eventZone);
  if (!end || end.allDay !== start.allDay || pointMs(end.point)! < pointMs(start.point)! || (start.allDay && end.point === start.point)) {
    // A DATE start with no end lasts one day; a timed one with none is an instant.
    end = start.allDay ? { point: new Date(pointMs(start.point)! + 86_400_000).toISOString().slice(0, 10), allDay: true } : start;
  }
  const lines = event.recurrence ?? [];
  let rrule = lines.find((l) => /^RRULE:/i.test(l))?.slice(6) ?? null;
  if (rrule && !validateRrule(rrule, { start: start.point, timeZone: eventZone, allDay: start.allDay }).ok) rrule = null;
  const popup = event.reminders?.useDefault === false ? event.reminders.overrides?.map((o) => o.minutes).filter((m) => Number.isInteger(m) && m >= 0 && m <= 40_320) : undefined;
  return {
    title: cutText((event.summary ?? "").trim(), 200) || untitled,
    description: cutText(event.description ?? "", 5000),
    location: cutText((event.location ?? "").trim(), 300),
    start: start.point,
    end: end.point,
    allDay: start.allDay,
    timeZone: eventZone,
    rrule,
    exdates: rrule ? exdatesFrom(lines, start.allDay, eventZone) : [],
    reminderMinutes: popup?.length ? Math.min(...popup) : null,
    busy: event.transparency !== "transparent",
  };
}

/** The Google body of Rumo fields (a series carries its RRULE and EXDATE lines; an instance none). */
export function googleFromFields(fields: EventFields, options: { instance?: boolean } = {}): Partial<GoogleEvent> {
  const at = (value: string): GoogleDateTime => (fields.allDay ? { date: value } : { dateTime: value, timeZone: fields.timeZone });
  const body: Partial<GoogleEvent> = {
    summary: fields.title,
    description: fields.description,
    location: fields.location,
    start: at(fields.start),
    end: at(fields.end),
    transparency: fields.busy ? "opaque" : "transparent",
    reminders: { useDefault: false, overrides: fields.reminderMinutes === null ? [] : [{ method: "popup", minutes: fields.reminderMinutes }] },
  };
  if (!options.instance) {
    const exdate = fields.rrule ? exdateLine(fields.exdates, fields.allDay) : null;
    body.recurrence = fields.rrule ? [`RRULE:${fields.rrule}`, ...(exdate ? [exdate] : [])] : [];
  }
  return body;
}
