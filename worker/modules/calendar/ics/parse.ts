/**
 * Reads an iCalendar document (RFC 5545) as Google Calendar, Outlook/Exchange and Apple Calendar
 * export it into the calendar's event fields (../shared/API.md "Events and recurrence"). Pure: the
 * import (./import.ts) matches the result against the user's rows.
 *
 * ical.js does the grammar (unescaping, parameters, values). Times are resolved here rather than by
 * ical.js's own VTIMEZONE reader: a TZID naming an IANA or Windows zone is read with the runtime's
 * tz data (Intl), which knows every year's rules, and only a TZID naming neither falls back to the
 * file's VTIMEZONE block (its offsets applied by ical.js). No TZID and no "Z" is floating time,
 * read in the user's zone.
 */
import ICAL from "ical.js";
import { cutText } from "../../../lib/cut-text";
import { formatInstant } from "../recurrence";
import { ianaZoneOf, wallClockMs, zoneKeepingOffsets } from "./zones";

/** The most VEVENTs one file may hold (a 2 MB file of bare events could hold ~10,000). */
export const ICS_MAX_EVENTS = 5_000;
/** POST /events/import's body limit (../shared/API.md). */
export const ICS_MAX_BYTES = 2 * 1024 * 1024;

const DAY_MS = 86_400_000;
const MAX_REMINDER_MINUTES = 40_320;

/** An event of the file in the calendar's terms (fields still to be checked by checkFields). */
export type IcsEvent = {
  uid: string;
  /** RECURRENCE-ID as a date, or an instant in UTC ("...Z"): normalised against its series later. */
  recurrenceId: string | null;
  cancelled: boolean;
  fields: {
    title: string;
    description: string;
    location: string;
    start: string;
    end: string;
    allDay: boolean;
    timeZone: string;
    rrule: string | null;
    exdates: string[];
    reminderMinutes: number | null;
    busy: boolean;
  };
};

export type SkipReason = "invalidDates" | "invalidRrule" | "rruleTooDense" | "noSeries" | "cancelled" | "unchanged" | "duplicate" | "unreadable";
export type Skipped = { uid: string; reason: SkipReason };

export type ReadResult =
  | { ok: true; events: IcsEvent[]; skipped: Skipped[] }
  | { ok: false; failure: "notIcal" | "tooManyEvents" };

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };
type Point = { kind: "date"; date: string } | { kind: "time"; ms: number; zone: string | null; floating: boolean };
type Zones = Map<string, { iana: string | null; vtimezone: ICAL.Timezone | null }>;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dateText = (t: Parts) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Unfolds content lines on the bytes, before decoding: exporters fold at 75 octets, which may
 * split a multi-byte UTF-8 character between two lines (RFC 5545 §3.1). Also drops a BOM.
 */
export function unfoldBytes(bytes: Uint8Array): Uint8Array {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const out = new Uint8Array(bytes.length - start);
  let n = 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0d && bytes[i + 1] === 0x0a && (bytes[i + 2] === 0x20 || bytes[i + 2] === 0x09)) {
      i += 2;
      continue;
    }
    if (b === 0x0a && (bytes[i + 1] === 0x20 || bytes[i + 1] === 0x09)) {
      i += 1;
      continue;
    }
    out[n++] = b;
  }
  return out.subarray(0, n);
}

/** Text of the file: UTF-8, or Windows-1252 when it is not valid UTF-8 (old Outlook exports). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** Whether the bytes look like binary data (NUL bytes), which no iCalendar file has. */
const isBinary = (bytes: Uint8Array) => bytes.subarray(0, 8192).includes(0);

/** A short stable hash (FNV-1a), for the UID of an event that has none. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/** Reads a document; `userZone` places floating times and names the zone of events that have none. */
export function readIcs(bytes: Uint8Array, userZone: string, untitled: string): ReadResult {
  if (bytes.length === 0 || isBinary(bytes)) return { ok: false, failure: "notIcal" };
  const text = decode(unfoldBytes(bytes));
  if (!/^\s*BEGIN:VCALENDAR\s*$/im.test(text.slice(0, 2048).split(/\r?\n/).find((l) => l.trim() !== "") ?? "")) return { ok: false, failure: "notIcal" };
  let roots: ICAL.Component[];
  try {
    const parsed = ICAL.parse(text) as unknown[];
    // One VCALENDAR parses to one component; several (some exports concatenate) to a list.
    roots = (Array.isArray(parsed[0]) ? (parsed as unknown[][]) : [parsed]).map((jcal) => new ICAL.Component(jcal as never));
  } catch {
    return { ok: false, failure: "notIcal" };
  }
  if (roots.some((root) => root.name !== "vcalendar")) return { ok: false, failure: "notIcal" };

  const zones: Zones = new Map();
  for (const vtz of roots.flatMap((r) => r.getAllSubcomponents("vtimezone"))) {
    const tzid = String(vtz.getFirstPropertyValue("tzid") ?? "");
    if (!tzid) continue;
    const location = vtz.getFirstPropertyValue("x-lic-location");
    let vtimezone: ICAL.Timezone | null = null;
    try {
      vtimezone = new ICAL.Timezone(vtz);
    } catch {
      vtimezone = null;
    }
    const named = ianaZoneOf(tzid, typeof location === "string" ? location : undefined);
    zones.set(tzid, { iana: named ?? (vtimezone ? zoneKeepingOffsets(offsetOfVtimezone(vtimezone), userZone, new Date().getUTCFullYear()) : null), vtimezone });
  }

  const vevents = roots.flatMap((r) => r.getAllSubcomponents("vevent"));
  if (vevents.length > ICS_MAX_EVENTS) return { ok: false, failure: "tooManyEvents" };

  const events: IcsEvent[] = [];
  const skipped: Skipped[] = [];
  const seen = new Set<string>();
  for (const vevent of vevents) {
    const uidValue = vevent.getFirstPropertyValue("uid");
    const rawUid = typeof uidValue === "string" ? uidValue.trim() : "";
    const uid = rawUid || `import-${hash(`${vevent.getFirstPropertyValue("summary") ?? ""}|${vevent.getFirstProperty("dtstart")?.toICALString() ?? ""}`)}`;
    try {
      const event = readEvent(vevent, uid, zones, userZone, untitled);
      if (!event) {
        skipped.push({ uid, reason: "invalidDates" });
        continue;
      }
      const key = `${uid}\u0000${event.recurrenceId ?? ""}`;
      if (seen.has(key)) {
        skipped.push({ uid, reason: "duplicate" });
        continue;
      }
      seen.add(key);
      events.push(event);
    } catch {
      skipped.push({ uid, reason: "unreadable" });
    }
  }
  return { ok: true, events, skipped };
}

/** The offset (ms) of a file's own VTIMEZONE at an instant, as ical.js reads its rules. */
const offsetOfVtimezone = (vtimezone: ICAL.Timezone) => (ms: number) => {
  const local = ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(vtimezone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second) - ms;
};

const partsOf = (t: ICAL.Time): Parts => ({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second });

/** A DATE or DATE-TIME value with the TZID it was written with. */
function pointOf(value: ICAL.Time, tzid: string | null, zones: Zones, userZone: string): Point {
  if (value.isDate) return { kind: "date", date: dateText(value) };
  const parts = partsOf(value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  if (value.zone === ICAL.Timezone.utcTimezone || value.zone?.tzid === "UTC") return { kind: "time", ms: wall, zone: null, floating: false };
  if (tzid) {
    const known = zones.get(tzid);
    const iana = known?.iana ?? ianaZoneOf(tzid);
    if (iana) return { kind: "time", ms: wallClockMs(parts, iana), zone: iana, floating: false };
    if (known?.vtimezone) {
      // A zone only the file defines: its own offsets, the event kept in the user's zone.
      const probe = new ICAL.Time({ ...parts, isDate: false }, known.vtimezone);
      return { kind: "time", ms: wall - known.vtimezone.utcOffset(probe) * 1000, zone: null, floating: false };
    }
  }
  return { kind: "time", ms: wallClockMs(parts, userZone), zone: userZone, floating: true };
}

const propPoint = (component: ICAL.Component, name: string, zones: Zones, userZone: string): Point | null => {
  const prop = component.getFirstProperty(name);
  const value = prop?.getFirstValue();
  if (!prop || !(value instanceof ICAL.Time)) return null;
  const tzid = prop.getParameter("tzid");
  return pointOf(value, typeof tzid === "string" ? tzid : null, zones, userZone);
};

const utcStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/**
 * The RRULE value as the calendar keeps it: UNTIL a date for all-day events and a UTC time for
 * timed ones (Outlook writes a floating or date-only UNTIL), X- parts dropped.
 */
function ruleOf(recur: ICAL.Recur, allDay: boolean, zone: string): string {
  const parts = recur
    .toString()
    .split(";")
    .filter((p) => p && !/^X-/i.test(p));
  return parts
    .map((part) => {
      const [key, value] = part.split("=");
      if (key.toUpperCase() !== "UNTIL" || !value) return part;
      if (allDay) return `UNTIL=${value.slice(0, 8)}`;
      if (value.endsWith("Z")) return part;
      const y = Number(value.slice(0, 4));
      const mo = Number(value.slice(4, 6));
      const d = Number(value.slice(6, 8));
      // A date-only UNTIL includes that whole local day; a floating time is in the event's zone.
      const local = value.length === 8 ? { year: y, month: mo, day: d, hour: 23, minute: 59, second: 59 } : { year: y, month: mo, day: d, hour: Number(value.slice(9, 11)), minute: Number(value.slice(11, 13)), second: Number(value.slice(13, 15)) };
      return `UNTIL=${utcStamp(wallClockMs(local, zone))}`;
    })
    .join(";");
}

/** The reminder of the first VALARM that fires at or before the start, in minutes before it. */
function reminderOf(vevent: ICAL.Component, startMs: number, durationMs: number): number | null {
  for (const alarm of vevent.getAllSubcomponents("valarm")) {
    const trigger = alarm.getFirstProperty("trigger");
    const value = trigger?.getFirstValue();
    let minutes: number | null = null;
    if (value instanceof ICAL.Duration) {
      const related = String(trigger!.getParameter("related") ?? "START").toUpperCase();
      const seconds = value.toSeconds() + (related === "END" ? durationMs / 1000 : 0);
      minutes = Math.round(-seconds / 60);
    } else if (value instanceof ICAL.Time) {
      minutes = Math.round((startMs - value.toUnixTime() * 1000) / 60_000);
    }
    if (minutes !== null && minutes >= 0 && minutes <= MAX_REMINDER_MINUTES) return minutes;
  }
  return null;
}

const textOf = (component: ICAL.Component, name: string, max: number) => {
  const value = component.getFirstPropertyValue(name);
  return typeof value === "string" ? cutText(value.trim(), max) : "";
};

/** One VEVENT, or null when its DTSTART is missing. */
function readEvent(vevent: ICAL.Component, uid: string, zones: Zones, userZone: string, untitled: string): IcsEvent | null {
  const start = propPoint(vevent, "dtstart", zones, userZone);
  if (!start) return null;
  const allDay = start.kind === "date";
  const recurValue = vevent.getFirstPropertyValue("rrule");
  const recurring = recurValue instanceof ICAL.Recur;
  // A UTC start of a series recurs in UTC, as RFC 5545 reads it; a single UTC event shows in the user's zone.
  const zone = start.kind === "time" ? (start.zone ?? (recurring && !start.floating ? "UTC" : userZone)) : userZone;

  let startText: string;
  let endText: string;
  let startMs: number;
  let durationMs: number;
  const endPoint = propPoint(vevent, "dtend", zones, userZone);
  const duration = vevent.getFirstPropertyValue("duration");
  if (start.kind === "date") {
    startText = start.date;
    startMs = Date.parse(`${start.date}T00:00:00Z`);
    // DTEND is exclusive; a DATE start with neither DTEND nor DURATION lasts one day.
    let end = endPoint?.kind === "date" ? endPoint.date : duration instanceof ICAL.Duration ? addDays(start.date, Math.max(1, Math.round(duration.toSeconds() / 86_400))) : addDays(start.date, 1);
    if (end <= start.date) end = addDays(start.date, 1);
    endText = end;
    durationMs = Date.parse(`${end}T00:00:00Z`) - startMs;
  } else {
    startMs = start.ms;
    const endMs = endPoint?.kind === "time" ? endPoint.ms : duration instanceof ICAL.Duration ? start.ms + duration.toSeconds() * 1000 : start.ms;
    durationMs = Math.max(0, endMs - start.ms);
    startText = formatInstant(start.ms, zone);
    endText = formatInstant(start.ms + durationMs, zone);
  }

  const exdates: string[] = [];
  for (const prop of vevent.getAllProperties("exdate")) {
    const tzid = prop.getParameter("tzid");
    for (const value of prop.getValues()) {
      if (!(value instanceof ICAL.Time)) continue;
      const point = pointOf(value, typeof tzid === "string" ? tzid : null, zones, userZone);
      if (allDay) exdates.push(point.kind === "date" ? point.date : formatInstant(point.ms, zone).slice(0, 10));
      else if (point.kind === "time") exdates.push(formatInstant(point.ms, zone));
      else exdates.push(formatInstant(wallClockMs({ ...parseDate(point.date), hour: Number(startText.slice(11, 13)), minute: Number(startText.slice(14, 16)), second: Number(startText.slice(17, 19)) }, zone), zone));
    }
  }

  const recurrenceProp = vevent.getFirstProperty("recurrence-id");
  let recurrenceId: string | null = null;
  if (recurrenceProp) {
    const value = recurrenceProp.getFirstValue();
    if (!(value instanceof ICAL.Time)) return null;
    const tzid = recurrenceProp.getParameter("tzid");
    const point = pointOf(value, typeof tzid === "string" ? tzid : null, zones, userZone);
    recurrenceId = point.kind === "date" ? point.date : new Date(point.ms).toISOString().replace(".000Z", "Z");
  }

  return {
    uid,
    recurrenceId,
    cancelled: String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED",
    fields: {
      title: textOf(vevent, "summary", 200) || untitled,
      description: textOf(vevent, "description", 5000),
      location: textOf(vevent, "location", 300),
      start: startText,
      end: endText,
      allDay,
      timeZone: zone,
      // An override is one occurrence: it never carries a rule of its own.
      rrule: recurring && !recurrenceId ? ruleOf(recurValue, allDay, zone) : null,
      exdates: recurring && !recurrenceId ? [...new Set(exdates)] : [],
      reminderMinutes: reminderOf(vevent, startMs, durationMs),
      busy: String(vevent.getFirstPropertyValue("transp") ?? "").toUpperCase() !== "TRANSPARENT",
    },
  };
}

const parseDate = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });
