/**
 * A small iCalendar writer (RFC 5545) for the private feed: CRLF line ends, lines folded at 75
 * octets without splitting a UTF-8 character, TEXT escaped, and one VTIMEZONE block (from
 * `timezones-ical-library`, in memory) for each zone an event uses. Series keep their RRULE and
 * EXDATEs; a changed occurrence is a VEVENT with the series' UID and a RECURRENCE-ID.
 */
import { tzlib_get_ical_block } from "timezones-ical-library";
import { zonedParts } from "../../../lib/time-zone";
import { pointMs } from "../recurrence";
import { wallClockMs } from "./zones";

/** An event or series row as the feed writes it (overrides carry `seriesUid` and `recurrenceId`). */
export type FeedEvent = {
  uid: string;
  recurrenceId: string | null;
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
  updatedAt: Date;
  url?: string;
};

/**
 * Folds one content line at 75 octets; a continuation starts with a space and never splits a
 * character. Octets are counted from the UTF-16 units (no encoding per character: a feed has
 * megabytes of descriptions): under U+0080 one, under U+0800 two, a surrogate pair four, any
 * other unit three (a lone surrogate is sent as U+FFFD, three octets).
 */
export function foldLine(line: string): string {
  // No unit takes more than three octets (a pair, two units, takes four): a short line fits.
  if (line.length * 3 <= 75) return line;
  let parts: string[] | null = null;
  let start = 0;
  let size = 0;
  let limit = 75;
  for (let i = 0; i < line.length; ) {
    const unit = line.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && (line.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const octets = unit < 0x80 ? 1 : unit < 0x800 ? 2 : pair ? 4 : 3;
    if (size + octets > limit) {
      (parts ??= []).push(line.slice(start, i));
      start = i;
      size = 0;
      limit = 74; // the leading space takes one octet
    }
    size += octets;
    i += pair ? 2 : 1;
  }
  if (!parts) return line;
  parts.push(line.slice(start));
  return parts.join("\r\n ");
}

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and line breaks. */
export const escapeText = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const compactDate = (date: string) => date.replace(/-/g, "");
const utcStamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const localStamp = (ms: number, zone: string) => {
  const p = zonedParts(new Date(ms), zone);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
};

const isUtc = (zone: string) => zone === "UTC" || zone === "Etc/UTC";

/**
 * A DATE or DATE-TIME property: all-day dates, UTC instants, or local times in `zone` with TZID
 * `tzid` (the name its VTIMEZONE block carries, which may be another name of the same zone).
 */
function timeProp(name: string, value: string, allDay: boolean, zone: string, tzid = zone, exact = false): string {
  if (allDay) return `${name};VALUE=DATE:${compactDate(value.slice(0, 10))}`;
  const ms = pointMs(value)!;
  if (isUtc(zone) || (exact && !localNamesInstant(ms, zone))) return `${name}:${utcStamp(ms)}`;
  return `${name};TZID=${tzid}:${localStamp(ms, zone)}`;
}

/**
 * Whether the local time of `ms` in `zone` names `ms` again when read back. It does not in the
 * second run of an hour repeated when clocks go back (Lisbon's 01:30 WET on 25 October 2026):
 * RFC 5545 §3.3.5 reads a repeated local time as its first run, an hour early.
 */
const localNamesInstant = (ms: number, zone: string) => {
  const p = zonedParts(new Date(ms), zone);
  return wallClockMs(p, zone) === Math.floor(ms / 1000) * 1000;
};

/**
 * The VTIMEZONE block of an IANA zone and the TZID it declares (the library answers a linked name,
 * Asia/Calcutta, with its canonical zone's block, Asia/Kolkata), or null when the library has none
 * (events then use UTC).
 */
function vtimezoneOf(zone: string): { block: string; tzid: string } | null {
  try {
    const block = tzlib_get_ical_block(zone);
    const text = Array.isArray(block) ? block[0] : "";
    const tzid = /^TZID:(.+)$/m.exec(text ?? "")?.[1]?.trim();
    return text && text.startsWith("BEGIN:VTIMEZONE") && tzid ? { block: text.replace(/\r?\n/g, "\r\n"), tzid } : null;
  } catch {
    return null;
  }
}

/** Content lines as the document writes them: folded, each ended by CRLF. */
const contentLines = (lines: string[]) => (lines.length ? lines.map(foldLine).join("\r\n") + "\r\n" : "");

/**
 * The document in pieces, for a feed written as it is read: `head` (the calendar and a VTIMEZONE
 * for each of `zones`), `events(…)` for each batch of events, then `end`. An event in a zone not
 * among `zones` is written in UTC (the same instants).
 */
export function calendarWriter(input: { name: string; timeZone: string; zones: Iterable<string>; now: Date }) {
  const lines: string[] = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Rumo//Calendar//PT", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${escapeText(input.name)}`, `X-WR-TIMEZONE:${input.timeZone}`];
  const zones = new Map<string, { block: string; tzid: string } | null>();
  for (const zone of input.zones) if (!isUtc(zone) && !zones.has(zone)) zones.set(zone, vtimezoneOf(zone));
  // Two names of one zone (Asia/Calcutta and Asia/Kolkata) share one block.
  const blocks = new Set([...zones.values()].flatMap((z) => (z ? [z.block] : [])));
  for (const block of blocks) lines.push(...block.split("\r\n"));
  const zoneOf = (e: FeedEvent) => (e.allDay || isUtc(e.timeZone) || !zones.get(e.timeZone) ? "UTC" : e.timeZone);
  const stamp = utcStamp(input.now.getTime());
  const events = (batch: readonly FeedEvent[]) => {
    const lines: string[] = [];
    for (const e of batch) {
      const zone = zoneOf(e);
      const time = (name: string, value: string, exact = false) => timeProp(name, value, e.allDay, zone, zones.get(zone)?.tzid, exact);
      lines.push("BEGIN:VEVENT", `UID:${escapeText(e.uid)}`, `DTSTAMP:${stamp}`, `LAST-MODIFIED:${utcStamp(e.updatedAt.getTime())}`);
      if (e.recurrenceId) lines.push(time("RECURRENCE-ID", e.recurrenceId));
      // A start or end in the repeated hour of an autumn night is written in UTC, which names it
      // exactly. Not a series' start: its rule repeats on the zone's clock (a UTC start would
      // repeat in UTC), and only that first occurrence can be in the fold. Series occurrences,
      // hence exdates and RECURRENCE-IDs, are never the second run of an hour (0022).
      lines.push(time("DTSTART", e.start, !e.rrule), time("DTEND", e.end, true), `SUMMARY:${escapeText(e.title)}`);
      if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
      if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
      if (e.url) lines.push(`URL:${e.url}`);
      if (e.rrule) lines.push(`RRULE:${e.rrule}`);
      if (e.rrule && e.exdates.length) {
        const values = e.exdates.map((d) => time("EXDATE", d).split(":").slice(1).join(":"));
        lines.push(`${time("EXDATE", e.exdates[0]).split(":")[0]}:${values.join(",")}`);
      }
      if (!e.busy) lines.push("TRANSP:TRANSPARENT");
      if (e.reminderMinutes !== null) lines.push("BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(e.title)}`, `TRIGGER:-PT${e.reminderMinutes}M`, "END:VALARM");
      lines.push("END:VEVENT");
    }
    return contentLines(lines);
  };
  return { head: contentLines(lines), events, end: contentLines(["END:VCALENDAR"]) };
}

/** The whole document at once: a VCALENDAR with the zones used and every event, ready to serve as text/calendar. */
export function writeCalendar(input: { name: string; timeZone: string; events: FeedEvent[]; now: Date }): string {
  const writer = calendarWriter({ ...input, zones: input.events.flatMap((e) => (e.allDay ? [] : [e.timeZone])) });
  return writer.head + writer.events(input.events) + writer.end;
}
