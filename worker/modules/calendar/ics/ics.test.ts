import { describe, expect, it } from "vitest";
import { readIcs, unfoldBytes } from "./parse";
import { calendarWriter, escapeText, foldLine, writeCalendar } from "./write";
import { ianaZoneOf, wallClockMs } from "./zones";

const encoder = new TextEncoder();

describe("zones", () => {
  it("maps IANA, Mozilla-style and Windows TZIDs to IANA names", () => {
    expect(ianaZoneOf("Europe/Lisbon")).toBe("Europe/Lisbon");
    expect(ianaZoneOf("/mozilla.org/20050126_1/Europe/Berlin")).toBe("Europe/Berlin");
    expect(ianaZoneOf("GMT Standard Time")).toBe("Europe/London");
    expect(ianaZoneOf("W. Europe Standard Time")).toBe("Europe/Berlin");
    expect(ianaZoneOf("Eastern Standard Time")).toBe("America/New_York");
    expect(ianaZoneOf("(UTC+01:00) Amsterdam, Berlin", "Europe/Amsterdam")).toBe("Europe/Amsterdam");
    expect(ianaZoneOf("Customized Time Zone")).toBeNull();
  });

  it("reads wall clocks in a zone: a gap moves forward, a repeated hour takes its first instance", () => {
    const at = (day: number, month: number, hour: number, minute = 30) => ({ year: 2026, month, day, hour, minute, second: 0 });
    expect(new Date(wallClockMs(at(15, 1, 9), "Europe/Lisbon")).toISOString()).toBe("2026-01-15T09:30:00.000Z");
    expect(new Date(wallClockMs(at(15, 7, 9), "Europe/Lisbon")).toISOString()).toBe("2026-07-15T08:30:00.000Z");
    // 29 March 2026, 01:30 does not exist in Lisbon: 02:30 WEST.
    expect(new Date(wallClockMs(at(29, 3, 1), "Europe/Lisbon")).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 25 October 2026, 01:30 happens twice in Lisbon: the first (WEST, 00:30Z).
    expect(new Date(wallClockMs(at(25, 10, 1), "Europe/Lisbon")).toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
});

describe("writing", () => {
  it("folds at 75 octets without splitting a UTF-8 character", () => {
    const line = `DESCRIPTION:${"é".repeat(80)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(folded.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(line);
    expect(foldLine("SUMMARY:curto")).toBe("SUMMARY:curto");
  });

  it("folds exactly where encoding each character would: ASCII, 2-, 3- and 4-octet characters, lone surrogates", () => {
    // The writer before octets were counted from UTF-16 units: one TextEncoder call per character.
    const byEncoding = (line: string) => {
      if (encoder.encode(line).length <= 75) return line;
      const out: string[] = [];
      let current = "";
      let size = 0;
      let limit = 75;
      for (const char of line) {
        const bytes = encoder.encode(char).length;
        if (size + bytes > limit) {
          out.push(current);
          current = "";
          size = 0;
          limit = 74;
        }
        current += char;
        size += bytes;
      }
      out.push(current);
      return out.join("\r\n ");
    };
    const pieces = ["a", "Z", " ", ";", "é", "ç", "ü", "—", "€", "ã", "📅", "👍🏽", "\uD83D", "\uDCC5", "\u07FF", "\u0800", "\uFFFD"];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const lines = ["", "SUMMARY:curto", "€".repeat(25), "€".repeat(26), "📅".repeat(13), "📅".repeat(19), "a".repeat(75), "a".repeat(76), "é".repeat(38), `X:${"\uD83D".repeat(40)}`];
    for (let i = 0; i < 2000; i++) lines.push(Array.from({ length: random(400) }, () => pieces[random(pieces.length)]).join(""));
    for (const line of lines) expect(foldLine(line)).toBe(byEncoding(line));
  });

  it("writes an event whose zone the head did not declare in UTC, the same instants", () => {
    const now = new Date("2026-03-01T00:00:00Z");
    const writer = calendarWriter({ name: "Rumo", timeZone: "Europe/Lisbon", zones: [], now });
    const event = { uid: "a@rumo.app", recurrenceId: null, title: "Sem zona", description: "", location: "", allDay: false, timeZone: "Europe/Lisbon", rrule: null, exdates: [], reminderMinutes: null, busy: true, updatedAt: now };
    const doc = writer.head + writer.events([{ ...event, start: "2026-07-05T09:30:00+01:00", end: "2026-07-05T10:00:00+01:00" }]) + writer.end;
    expect(doc).not.toContain("BEGIN:VTIMEZONE");
    expect(doc).toContain("\r\nDTSTART:20260705T083000Z\r\nDTEND:20260705T090000Z\r\n");
    expect(writer.events([])).toBe("");
  });

  it("escapes TEXT", () => {
    expect(escapeText("a\\b; c, d\ne")).toBe("a\\\\b\\; c\\, d\\ne");
  });

  it("writes what it reads back: a series with exdates and a changed occurrence", () => {
    const now = new Date("2026-03-01T00:00:00Z");
    const base = { description: "", location: "", allDay: false, timeZone: "Europe/Lisbon", exdates: [] as string[], reminderMinutes: null, busy: true, updatedAt: now };
    const doc = writeCalendar({
      name: "Rumo",
      timeZone: "Europe/Lisbon",
      now,
      events: [
        { ...base, uid: "s@rumo.app", recurrenceId: null, title: "Série", start: "2026-03-05T09:30:00+00:00", end: "2026-03-05T10:00:00+00:00", rrule: "FREQ=WEEKLY;COUNT=4", exdates: ["2026-03-12T09:30:00+00:00"] },
        { ...base, uid: "s@rumo.app", recurrenceId: "2026-03-19T09:30:00+00:00", title: "Movida", start: "2026-03-19T11:00:00+00:00", end: "2026-03-19T12:00:00+00:00", rrule: null },
      ],
    });
    const read = readIcs(encoder.encode(doc), "Europe/Lisbon", "?");
    expect(read.ok && read.events.map((e) => [e.uid, e.recurrenceId, e.fields.start, e.fields.rrule, e.fields.exdates])).toEqual([
      ["s@rumo.app", null, "2026-03-05T09:30:00+00:00", "FREQ=WEEKLY;COUNT=4", ["2026-03-12T09:30:00+00:00"]],
      ["s@rumo.app", "2026-03-19T09:30:00Z", "2026-03-19T11:00:00+00:00", null, []],
    ]);
  });

  it("names each event's zone as its VTIMEZONE does, also for another name of the zone (Asia/Calcutta)", () => {
    const now = new Date("2026-03-01T00:00:00Z");
    const base = { description: "", location: "", allDay: false, exdates: [] as string[], reminderMinutes: null, busy: true, updatedAt: now, recurrenceId: null, rrule: null };
    const doc = writeCalendar({
      name: "Rumo",
      timeZone: "Europe/Lisbon",
      now,
      events: [
        { ...base, uid: "a@rumo.app", title: "Antigo", timeZone: "Asia/Calcutta", start: "2026-03-05T09:30:00+05:30", end: "2026-03-05T10:00:00+05:30", rrule: "FREQ=DAILY;COUNT=3", exdates: ["2026-03-06T09:30:00+05:30"] },
        { ...base, uid: "b@rumo.app", title: "Novo", timeZone: "Asia/Kolkata", start: "2026-03-07T09:30:00+05:30", end: "2026-03-07T10:00:00+05:30" },
      ],
    });
    const lines = doc.split("\r\n");
    const declared = lines.filter((l) => l.startsWith("TZID:")).map((l) => l.slice(5));
    const used = [...new Set(lines.flatMap((l) => /;TZID=([^:;]+)/.exec(l)?.[1] ?? []))];
    expect(declared).toEqual(["Asia/Kolkata"]);
    expect(used).toEqual(["Asia/Kolkata"]);
    expect(lines).toContain("DTSTART;TZID=Asia/Kolkata:20260305T093000");
    expect(lines).toContain("EXDATE;TZID=Asia/Kolkata:20260306T093000");
  });
});

/** A VCALENDAR whose only zone is one the file defines under a name no one knows, as Outlook writes it. */
const customZoneDoc = (vtimezone: string, event: string) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTIMEZONE", "TZID:Customized Time Zone", vtimezone, "END:VTIMEZONE", "BEGIN:VEVENT", "UID:c@x", "DTSTAMP:20261101T100000Z", event, "SUMMARY:Reunião", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");
const easternRules = [
  "BEGIN:STANDARD", "DTSTART:16011104T020000", "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
  "BEGIN:DAYLIGHT", "DTSTART:16010311T020000", "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT",
].join("\r\n");
const offsetIn = (zone: string, iso: string) => {
  const p = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" }).formatToParts(new Date(iso));
  const get = (type: string) => Number(p.find((x) => x.type === type)!.value);
  return (Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute")) - Date.parse(iso)) / 60_000;
};

describe("zones only the file defines", () => {
  it("gives a series in such a zone an IANA zone with the same clock changes: it repeats at 09:00 local on both sides of them", () => {
    const doc = customZoneDoc(easternRules, "DTSTART;TZID=Customized Time Zone:20270104T090000\r\nDTEND;TZID=Customized Time Zone:20270104T100000\r\nRRULE:FREQ=WEEKLY;COUNT=20");
    const read = readIcs(encoder.encode(doc), "Europe/Lisbon", "?");
    if (!read.ok) throw new Error("not read");
    const [event] = read.events;
    expect(event.fields).toMatchObject({ start: "2027-01-04T09:00:00-05:00", end: "2027-01-04T10:00:00-05:00", rrule: "FREQ=WEEKLY;COUNT=20", timeZone: "America/New_York" });
    // Not UTC (a fixed 14:00Z would be 10:00 local from 14 March): New York's clock, change days included.
    for (const at of ["2027-01-04T14:00:00Z", "2027-03-13T12:00:00Z", "2027-03-15T12:00:00Z", "2027-11-06T12:00:00Z", "2027-11-08T12:00:00Z"]) {
      expect(offsetIn(event.fields.timeZone, at)).toBe(offsetIn("America/New_York", at));
    }
  });

  it("prefers the user's own zone when it keeps the same clock", () => {
    const doc = customZoneDoc(easternRules, "DTSTART;TZID=Customized Time Zone:20270104T090000\r\nDTEND;TZID=Customized Time Zone:20270104T100000\r\nRRULE:FREQ=WEEKLY;COUNT=2");
    const read = readIcs(encoder.encode(doc), "America/Toronto", "?");
    expect(read.ok && read.events[0].fields.timeZone).toBe("America/Toronto");
  });

  it("keeps a fixed offset's weekday: a Monday 03:00 at +05:30 stays a Monday there", () => {
    const fixed = ["BEGIN:STANDARD", "DTSTART:16010101T000000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD"].join("\r\n");
    const doc = customZoneDoc(fixed, "DTSTART;TZID=Customized Time Zone:20261207T030000\r\nDTEND;TZID=Customized Time Zone:20261207T040000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3");
    const read = readIcs(encoder.encode(doc), "Europe/Lisbon", "?");
    if (!read.ok) throw new Error("not read");
    expect(read.events[0].fields.start).toBe("2026-12-07T03:00:00+05:30");
    // Node's ICU names it by its older name.
    expect(read.events[0].fields.timeZone).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
  });

  it("keeps the file's own offsets when no zone has its clock", () => {
    const odd = ["BEGIN:STANDARD", "DTSTART:16010101T000000", "TZOFFSETFROM:+0517", "TZOFFSETTO:+0517", "END:STANDARD"].join("\r\n");
    const doc = customZoneDoc(odd, "DTSTART;TZID=Customized Time Zone:20261202T150000\r\nDTEND;TZID=Customized Time Zone:20261202T160000");
    const read = readIcs(encoder.encode(doc), "Europe/Lisbon", "?");
    expect(read.ok && read.events[0].fields).toMatchObject({ start: "2026-12-02T09:43:00+00:00", timeZone: "Europe/Lisbon" });
  });
});

describe("reading", () => {
  it("unfolds on bytes, keeping a character split by the fold", () => {
    const bytes = new Uint8Array([...encoder.encode("SUMMARY:caf"), 0xc3, 0x0d, 0x0a, 0x20, 0xa9]);
    expect(new TextDecoder().decode(unfoldBytes(bytes))).toBe("SUMMARY:café");
  });

  it("refuses what is not iCalendar", () => {
    expect(readIcs(encoder.encode("<html></html>"), "UTC", "?")).toEqual({ ok: false, failure: "notIcal" });
    expect(readIcs(new Uint8Array([0, 1, 2]), "UTC", "?")).toEqual({ ok: false, failure: "notIcal" });
    expect(readIcs(encoder.encode("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n"), "UTC", "?")).toEqual({ ok: false, failure: "notIcal" });
  });

  it("writes a time in the repeated hour of a clock-change night so that it reads back as the same instant (UTC), and DST-day times in the zone", () => {
    const now = new Date("2026-03-01T00:00:00Z");
    const base = { description: "", location: "", allDay: false, exdates: [] as string[], reminderMinutes: null, busy: true, updatedAt: now, recurrenceId: null, rrule: null };
    const events = [
      // Lisbon, 25 October 2026: 01:00–02:00 happens twice; this is the second 01:30 (WET).
      { ...base, uid: "a@rumo.app", title: "Segunda 01:30", timeZone: "Europe/Lisbon", start: "2026-10-25T01:30:00+00:00", end: "2026-10-25T02:30:00+00:00" },
      // New York, 1 November 2026: the second 01:30 (EST), ending after the fold.
      { ...base, uid: "b@rumo.app", title: "Second 1:30", timeZone: "America/New_York", start: "2026-11-01T01:30:00-05:00", end: "2026-11-01T03:00:00-05:00" },
      // The first 01:30 and the spring-forward day's times are unambiguous local times.
      { ...base, uid: "c@rumo.app", title: "Primeira 01:30", timeZone: "Europe/Lisbon", start: "2026-10-25T01:30:00+01:00", end: "2026-10-25T01:45:00+01:00" },
      { ...base, uid: "d@rumo.app", title: "Primavera", timeZone: "Europe/Lisbon", start: "2026-03-29T02:30:00+01:00", end: "2026-03-29T03:30:00+01:00" },
      // A daily 09:00 series across New York's change keeps its start in the zone.
      { ...base, uid: "e@rumo.app", title: "Daily", timeZone: "America/New_York", start: "2026-10-30T09:00:00-04:00", end: "2026-10-30T09:30:00-04:00", rrule: "FREQ=DAILY;COUNT=4" },
    ];
    const doc = writeCalendar({ name: "Rumo", timeZone: "Europe/Lisbon", now, events });
    const lines = doc.split("\r\n");
    expect(lines).toContain("DTSTART:20261025T013000Z");
    expect(lines).toContain("DTSTART;TZID=Europe/Lisbon:20261025T013000");
    expect(lines).toContain("DTSTART;TZID=Europe/Lisbon:20260329T023000");
    expect(lines).toContain("DTSTART;TZID=America/New_York:20261030T090000");
    const read = readIcs(encoder.encode(doc), "Europe/Lisbon", "?");
    const instants = read.ok ? read.events.map((e) => [e.uid, Date.parse(e.fields.start), Date.parse(e.fields.end)]) : [];
    expect(instants).toEqual(events.map((e) => [e.uid, Date.parse(e.start), Date.parse(e.end)]));
  });
});
