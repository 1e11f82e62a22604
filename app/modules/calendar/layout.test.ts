import { describe, expect, it } from "vitest";
import { agendaDays, dayBlocks, instantAt, isoInZone, monthWeeks, moved, resized, stepAnchor, visibleRange, wallOf, weekBars, type CalendarItem } from "./layout";

const LISBON = "Europe/Lisbon";
let n = 0;
const item = (title: string, start: string, end: string, allDay = false): CalendarItem => ({ key: `k${++n}`, id: `i${n}`, occurrenceStart: start, title, start, end, allDay, kind: "event", recurring: false });

describe("visible ranges (weeks start on Monday)", () => {
  it("a month view covers whole Monday-to-Sunday weeks", () => {
    expect(visibleRange("month", "2026-03-15")).toEqual({ from: "2026-02-23", to: "2026-04-05" });
    const weeks = monthWeeks("2026-11-23");
    expect(weeks[0][0]).toBe("2026-10-26");
    expect(weeks.at(-1)![6]).toBe("2026-12-06");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
  it("a week view runs Monday to Sunday, even from a Sunday", () => {
    expect(visibleRange("week", "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(visibleRange("week", "2026-11-23")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
  });
  it("steps by month without skipping short months", () => {
    expect(stepAnchor("month", "2026-01-31", 1)).toBe("2026-02-01");
    expect(stepAnchor("month", "2026-01-15", -1)).toBe("2025-12-01");
    expect(stepAnchor("week", "2026-03-26", 1)).toBe("2026-04-02");
  });
});

describe("wall clocks in the user's zone", () => {
  it("converts local times to instants across the Lisbon changes, a gap resolving forward", () => {
    expect(isoInZone(instantAt("2026-03-30", 9 * 60 + 30, LISBON), LISBON)).toBe("2026-03-30T09:30:00+01:00");
    expect(isoInZone(instantAt("2026-03-28", 9 * 60 + 30, LISBON), LISBON)).toBe("2026-03-28T09:30:00+00:00");
    expect(isoInZone(instantAt("2026-03-29", 60 + 30, LISBON), LISBON)).toBe("2026-03-29T02:30:00+01:00");
    expect(wallOf("2026-10-25T23:30:00Z", "Pacific/Kiritimati")).toEqual({ date: "2026-10-26", minutes: 13 * 60 + 30, seconds: 0 });
  });
  it("moves an event on the wall clock: a drag across the March change keeps its hour", () => {
    expect(moved(item("x", "2026-03-27T09:30:00+00:00", "2026-03-27T10:30:00+00:00"), 3, 0, LISBON)).toEqual({ start: "2026-03-30T09:30:00+01:00", end: "2026-03-30T10:30:00+01:00" });
    expect(moved(item("x", "2026-05-04T09:30:00+01:00", "2026-05-04T10:30:00+01:00"), 0, 45, LISBON)).toEqual({ start: "2026-05-04T10:15:00+01:00", end: "2026-05-04T11:15:00+01:00" });
    expect(moved(item("d", "2026-05-04", "2026-05-06", true), -1, 0, LISBON)).toEqual({ start: "2026-05-03", end: "2026-05-05" });
  });
  it("resizes an end, never below one step", () => {
    expect(resized(item("x", "2026-05-04T09:00:00+01:00", "2026-05-04T10:00:00+01:00"), 30, LISBON).end).toBe("2026-05-04T10:30:00+01:00");
    expect(resized(item("x", "2026-05-04T09:00:00+01:00", "2026-05-04T10:00:00+01:00"), -120, LISBON).end).toBe("2026-05-04T09:15:00+01:00");
  });
});

describe("overlapping events in columns", () => {
  it("puts overlapping events side by side and lets a later one reuse a free column", () => {
    const a = item("A", "2026-05-04T09:00:00+01:00", "2026-05-04T10:00:00+01:00");
    const b = item("B", "2026-05-04T09:30:00+01:00", "2026-05-04T11:00:00+01:00");
    const c = item("C", "2026-05-04T10:00:00+01:00", "2026-05-04T10:30:00+01:00");
    const d = item("D", "2026-05-04T14:00:00+01:00", "2026-05-04T15:00:00+01:00");
    const blocks = dayBlocks([d, c, b, a], "2026-05-04", LISBON);
    expect(blocks.map((x) => [x.item.title, x.top, x.height, x.column, x.columns])).toEqual([
      ["A", 540, 60, 0, 2],
      ["B", 570, 90, 1, 2],
      ["C", 600, 30, 0, 2],
      ["D", 840, 60, 0, 1],
    ]);
  });
  it("clips an overnight event to each day and draws a zero-length one at its minimum height", () => {
    const night = item("Noite", "2026-05-04T22:00:00+01:00", "2026-05-05T02:00:00+01:00");
    const zero = item("Marco", "2026-05-05T08:00:00+01:00", "2026-05-05T08:00:00+01:00");
    expect(dayBlocks([night], "2026-05-04", LISBON).map((x) => [x.top, x.height, x.continuesAfter])).toEqual([[1320, 120, true]]);
    expect(dayBlocks([night, zero], "2026-05-05", LISBON).map((x) => [x.item.title, x.top, x.height, x.continuesBefore])).toEqual([
      ["Noite", 0, 120, true],
      ["Marco", 480, 20, false],
    ]);
  });
  it("places blocks by the clock on the days it changes (23 and 25 hours), as the hour labels read", () => {
    const at = (items: CalendarItem[], date: string) => dayBlocks(items, date, LISBON).map((x) => [x.item.title, x.top, x.height]);
    // 29 March 2026: 01:00 becomes 02:00. 09:30 is on the 09:30 line (8.5 hours after midnight).
    expect(at([item("Manhã", "2026-03-29T09:30:00+01:00", "2026-03-29T10:30:00+01:00")], "2026-03-29")).toEqual([["Manhã", 570, 60]]);
    // Across the change: 00:30 to 03:00 on the clock, an hour and a half long.
    expect(at([item("Noite", "2026-03-29T00:30:00Z", "2026-03-29T03:00:00+01:00")], "2026-03-29")).toEqual([["Noite", 30, 150]]);
    // 25 October 2026: 02:00 becomes 01:00 again. 10:00 is on the 10:00 line (11 hours after midnight).
    expect(at([item("Manhã", "2026-10-25T10:00:00Z", "2026-10-25T11:00:00Z")], "2026-10-25")).toEqual([["Manhã", 600, 60]]);
    // To midnight: down to the grid's end.
    expect(at([item("Tarde", "2026-10-25T20:00:00Z", "2026-10-26T00:00:00Z")], "2026-10-25")).toEqual([["Tarde", 1200, 240]]);
    // In the repeated hour, from the first 01:30 to the second 01:15: 45 minutes from 01:30.
    expect(at([item("Dobra", "2026-10-25T01:30:00+01:00", "2026-10-25T01:15:00Z")], "2026-10-25")).toEqual([["Dobra", 90, 45]]);
    // An ordinary day is unchanged.
    expect(at([item("Manhã", "2026-05-04T09:30:00+01:00", "2026-05-04T10:30:00+01:00")], "2026-05-04")).toEqual([["Manhã", 570, 60]]);
  });
});

describe("the agenda's days", () => {
  const days = ["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11"];
  const parts = (list: ReturnType<typeof agendaDays>) => list.map((d) => [d.day, d.entries.map((e) => `${e.item.title}:${e.part}`)]);

  it("lists a timed event crossing midnight under every day it covers: its start, the days between, its end", () => {
    const overnight = item("Viagem", "2026-12-08T09:00:00+00:00", "2026-12-09T10:00:00+00:00");
    const long = item("Congresso", "2026-12-09T18:00:00+00:00", "2026-12-11T12:00:00+00:00");
    expect(parts(agendaDays([overnight, long], days, LISBON))).toEqual([
      ["2026-12-08", ["Viagem:first"]],
      ["2026-12-09", ["Viagem:last", "Congresso:first"]],
      ["2026-12-10", ["Congresso:middle"]],
      ["2026-12-11", ["Congresso:last"]],
    ]);
  });

  it("keeps a one-day event, one ending at midnight and all-day events whole, each on its days in the user's zone", () => {
    const lunch = item("Almoço", "2026-12-07T12:00:00+00:00", "2026-12-07T13:00:00+00:00");
    const toMidnight = item("Jantar", "2026-12-07T21:00:00+00:00", "2026-12-08T00:00:00+00:00");
    const holiday = item("Feriado", "2026-12-08", "2026-12-10", true);
    // 23:30 in New York on the 7th is the 8th in Lisbon: the user's zone decides the day.
    const late = item("Chamada", "2026-12-07T23:30:00-05:00", "2026-12-08T00:30:00-05:00");
    expect(parts(agendaDays([lunch, toMidnight, holiday, late], days, LISBON))).toEqual([
      ["2026-12-07", ["Almoço:whole", "Jantar:whole"]],
      ["2026-12-08", ["Feriado:whole", "Chamada:whole"]],
      ["2026-12-09", ["Feriado:whole"]],
    ]);
  });

  it("shows an event that began before the agenda's first day from that day on", () => {
    expect(parts(agendaDays([item("Retiro", "2026-12-05T10:00:00+00:00", "2026-12-08T16:00:00+00:00")], days, LISBON))).toEqual([
      ["2026-12-07", ["Retiro:middle"]],
      ["2026-12-08", ["Retiro:last"]],
    ]);
  });
});

describe("month grid bars", () => {
  const week = ["2026-05-04", "2026-05-05", "2026-05-06", "2026-05-07", "2026-05-08", "2026-05-09", "2026-05-10"];
  it("lays all-day and multi-day bars in lanes, clipped to the week, before single-day timed items", () => {
    const trip = item("Viagem", "2026-05-01", "2026-05-06", true); // Fri 1 to Tue 5
    const fair = item("Feira", "2026-05-05", "2026-05-08", true); // Tue 5 to Thu 7
    const meeting = item("Reunião", "2026-05-04T09:00:00+01:00", "2026-05-04T10:00:00+01:00");
    const bars = weekBars([meeting, fair, trip], week, LISBON);
    expect(bars.map((b) => [b.item.title, b.startCol, b.span, b.lane, b.continuesBefore, b.continuesAfter])).toEqual([
      ["Viagem", 0, 2, 0, true, false],
      ["Feira", 1, 3, 1, false, false],
      ["Reunião", 0, 1, 1, false, false],
    ]);
  });
  it("an all-day date is the same cell in any zone", () => {
    const day = item("Feriado", "2026-05-06", "2026-05-07", true);
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) expect(weekBars([day], week, zone)[0].startCol).toBe(2);
  });
});
