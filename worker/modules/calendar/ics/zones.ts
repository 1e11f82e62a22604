/**
 * Time zones of imported iCalendar files: TZID values as exporters really write them (IANA names,
 * Windows names from Outlook/Exchange, Mozilla-style "/mozilla.org/.../Europe/Lisbon" paths) mapped
 * to the IANA zone the calendar keeps, and wall-clock times read in that zone.
 */
import { findIana } from "windows-iana";
import { zonedParts } from "../../../lib/time-zone";
import { isIanaTimeZone } from "../recurrence";

/**
 * The IANA zone a TZID names, or null when it names none we know (the caller then reads the file's
 * own VTIMEZONE). Windows names go through CLDR's windowsZones table (package `windows-iana`).
 */
export function ianaZoneOf(tzid: string, location?: string): string | null {
  const name = tzid.trim().replace(/^"|"$/g, "");
  if (isIanaTimeZone(name)) return canonical(name);
  // "/mozilla.org/20050126_1/Europe/Lisbon", "/Europe/Lisbon": the IANA name is the tail.
  const tail = /([A-Za-z]+\/[A-Za-z0-9_+-]+(?:\/[A-Za-z0-9_+-]+)?)$/.exec(name)?.[1];
  if (tail && isIanaTimeZone(tail)) return canonical(tail);
  const windows = findIana(name)[0];
  if (windows && isIanaTimeZone(windows)) return canonical(windows);
  // Outlook sometimes writes a display name ("(UTC+01:00) Amsterdam, Berlin, ..."): the VTIMEZONE's
  // X-LIC-LOCATION, when there is one, names the zone.
  if (location && isIanaTimeZone(location.trim())) return canonical(location.trim());
  return null;
}

/** The zone as Intl spells it ("europe/lisbon" → "Europe/Lisbon"), so equal zones compare equal. */
const canonical = (zone: string) => {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
};

const offsetAt = (ms: number, zone: string) => {
  const p = zonedParts(new Date(ms), zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
};

/**
 * Epoch ms of a wall-clock time in `zone`. A time in a spring-forward gap moves forward by the gap
 * (02:30 that does not exist reads as 03:30), a repeated autumn hour takes its first instance, as
 * RFC 5545 §3.3.5 and the calendar screen do (docs/decisions/0022).
 */
export function wallClockMs(parts: { year: number; month: number; day: number; hour: number; minute: number; second: number }, zone: string): number {
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const before = offsetAt(wall - 86_400_000, zone);
  const after = offsetAt(wall + 86_400_000, zone);
  // A repeated hour reads back with both; the offset from before the change gives the first instance.
  for (const offset of [before, after]) {
    const ms = wall - offset;
    if (offsetAt(ms, zone) === offset) return ms;
  }
  // In a gap neither offset reads back: the time with the offset from before the gap, i.e. later.
  return wall - before;
}

const DAY_MS = 86_400_000;

/** UTC offset in ms of `zone` at each instant, with a formatter of its own (not the shared cache: this reads hundreds of zones once). */
function offsetsIn(zone: string, instants: readonly number[]): number[] {
  const formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
  return instants.map((ms) => {
    const parts = formatter.formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute")) - ms;
  });
}

/**
 * Zones people recognise, tried right after the user's: of the zones sharing a clock (Detroit and
 * New York), the event dialog then names the one the person would expect.
 */
const WELL_KNOWN_ZONES = [
  "Europe/Lisbon", "Europe/London", "Europe/Paris", "Europe/Berlin", "Europe/Madrid", "Atlantic/Azores",
  "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Sao_Paulo",
  "Africa/Luanda", "Africa/Maputo", "Asia/Kolkata", "Asia/Shanghai", "Asia/Tokyo", "Australia/Sydney",
];

const sameOffsets = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The IANA zone keeping the offsets of a zone only the file defines (Outlook's "Customized Time
 * Zone" has no name anyone knows, only its VTIMEZONE rules), so that its events repeat at the same
 * local time across clock changes and on the right weekday, as they do in the calendar that wrote
 * them. `offsetOf` gives the file's zone's offset (ms) at an instant. Compared at noon UTC of every
 * day of `fromYear` and the next (after a first pass at four dates that leaves a few candidates),
 * so zones that change their clocks on other days differ. The user's zone wins when it matches,
 * then a well-known zone, then the first in the runtime's list; null when none matches (the caller keeps the file's own
 * offsets for that event).
 */
export function zoneKeepingOffsets(offsetOf: (ms: number) => number, preferred: string, fromYear: number): string | null {
  const quarters = [0, 3, 6, 9].map((month) => Date.UTC(fromYear, month, 15, 12));
  const days = Array.from({ length: 731 }, (_, i) => Date.UTC(fromYear, 0, 1, 12) + i * DAY_MS);
  const wantedQuarters = quarters.map(offsetOf);
  const wantedDays = days.map(offsetOf);
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const first = [preferred, ...WELL_KNOWN_ZONES];
  const candidates = [...first, ...zones.filter((zone) => !first.includes(zone))];
  for (const zone of candidates) {
    try {
      if (sameOffsets(offsetsIn(zone, quarters), wantedQuarters) && sameOffsets(offsetsIn(zone, days), wantedDays)) return canonical(zone);
    } catch {
      // A name this runtime's tz data lacks: not a candidate.
    }
  }
  return null;
}
