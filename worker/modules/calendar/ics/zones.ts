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
