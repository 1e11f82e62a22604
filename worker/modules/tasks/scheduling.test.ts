import { describe, expect, it } from "vitest";
import {
  DEFAULT_WORKING_HOURS,
  freeSlots,
  planDay,
  scheduleTask,
  validateWorkingHours,
  type BusyInterval,
  type Interval,
  type WorkingHours,
} from "./scheduling";

// Calendar facts used below (2026): 1 June is a Monday, 5 June a Friday. Lisbon is UTC+1 in summer
// (WEST) and UTC+0 in winter; it changes on Sunday 29 March and Sunday 25 October at 01:00 UTC.
// New York changes on Sunday 8 March and Sunday 1 November. Kolkata is UTC+05:30 all year.
const LISBON = "Europe/Lisbon";
const NEW_YORK = "America/New_York";
const KOLKATA = "Asia/Kolkata";
const EVERY_DAY: WorkingHours = { start: "09:00", end: "18:00", days: [1, 2, 3, 4, 5, 6, 7] };

const iso = (slots: Interval[]) => slots.map((s) => [s.start.toISOString(), s.end.toISOString()]);
const z = (text: string) => new Date(text);
const hours = (s: Interval) => (s.end.getTime() - s.start.getTime()) / 3_600_000;

describe("freeSlots", () => {
  it("gives the whole working day in UTC when nothing is busy (Lisbon summer, +01:00)", () => {
    const slots = freeSlots({ from: z("2026-06-01T00:00:00Z"), to: z("2026-06-02T00:00:00Z"), timeZone: LISBON, busy: [] });
    expect(iso(slots)).toEqual([["2026-06-01T08:00:00.000Z", "2026-06-01T17:00:00.000Z"]]);
  });

  it("uses the default working hours when the user has none (null)", () => {
    const slots = freeSlots({ from: "2026-06-01T00:00:00Z", to: "2026-06-02T00:00:00Z", workingHours: null, timeZone: LISBON, busy: [] });
    expect(iso(slots)).toEqual([["2026-06-01T08:00:00.000Z", "2026-06-01T17:00:00.000Z"]]);
  });

  it("merges overlapping and touching busy intervals and subtracts them", () => {
    const busy: BusyInterval[] = [
      { start: "2026-06-01T09:30:00Z", end: "2026-06-01T10:30:00Z" }, // 10:30–11:30 local
      { start: "2026-06-01T09:00:00Z", end: "2026-06-01T10:00:00Z" }, // 10:00–11:00, overlaps
      { start: "2026-06-01T10:30:00Z", end: "2026-06-01T11:00:00Z" }, // 11:30–12:00, touches
      { start: "2026-06-01T07:00:00Z", end: "2026-06-01T08:15:00Z" }, // 08:00–09:15, before the day starts
      { start: "2026-06-01T16:45:00Z", end: "2026-06-01T19:00:00Z" }, // 17:45–20:00, past the end
    ];
    const slots = freeSlots({ from: z("2026-06-01T00:00:00Z"), to: z("2026-06-02T00:00:00Z"), timeZone: LISBON, busy });
    expect(iso(slots)).toEqual([
      ["2026-06-01T08:15:00.000Z", "2026-06-01T09:00:00.000Z"],
      ["2026-06-01T11:00:00.000Z", "2026-06-01T16:45:00.000Z"],
    ]);
  });

  it("clips to from/to and skips the weekend", () => {
    // Friday 12:00 local to Monday 12:00 local.
    const slots = freeSlots({ from: z("2026-06-05T11:00:00Z"), to: z("2026-06-08T11:00:00Z"), timeZone: LISBON, busy: [] });
    expect(iso(slots)).toEqual([
      ["2026-06-05T11:00:00.000Z", "2026-06-05T17:00:00.000Z"],
      ["2026-06-08T08:00:00.000Z", "2026-06-08T11:00:00.000Z"],
    ]);
  });

  it("honours the user's own working days (Tuesday and Thursday only)", () => {
    const slots = freeSlots({
      from: z("2026-06-01T00:00:00Z"),
      to: z("2026-06-08T00:00:00Z"),
      workingHours: { start: "10:00", end: "13:00", days: [4, 2] },
      timeZone: LISBON,
      busy: [],
    });
    expect(iso(slots)).toEqual([
      ["2026-06-02T09:00:00.000Z", "2026-06-02T12:00:00.000Z"],
      ["2026-06-04T09:00:00.000Z", "2026-06-04T12:00:00.000Z"],
    ]);
  });

  it("returns nothing for an empty or inverted range", () => {
    expect(freeSlots({ from: z("2026-06-01T12:00:00Z"), to: z("2026-06-01T12:00:00Z"), timeZone: LISBON, busy: [] })).toEqual([]);
    expect(freeSlots({ from: z("2026-06-02T12:00:00Z"), to: z("2026-06-01T12:00:00Z"), timeZone: LISBON, busy: [] })).toEqual([]);
  });

  it("keeps 09:00–18:00 local, 9 hours, on both Lisbon DST days of 2026", () => {
    const march = freeSlots({ from: z("2026-03-28T12:00:00Z"), to: z("2026-03-30T00:00:00Z"), workingHours: EVERY_DAY, timeZone: LISBON, busy: [] });
    expect(iso(march)).toEqual([
      ["2026-03-28T12:00:00.000Z", "2026-03-28T18:00:00.000Z"], // Saturday, still WET (+00:00)
      ["2026-03-29T08:00:00.000Z", "2026-03-29T17:00:00.000Z"], // Sunday, WEST (+01:00) from 01:00 UTC
    ]);
    expect(hours(march[1])).toBe(9);
    const october = freeSlots({ from: z("2026-10-24T00:00:00Z"), to: z("2026-10-26T00:00:00Z"), workingHours: EVERY_DAY, timeZone: LISBON, busy: [] });
    expect(iso(october)).toEqual([
      ["2026-10-24T08:00:00.000Z", "2026-10-24T17:00:00.000Z"], // Saturday, WEST
      ["2026-10-25T09:00:00.000Z", "2026-10-25T18:00:00.000Z"], // Sunday, back to WET
    ]);
    expect(hours(october[1])).toBe(9);
  });

  it("moves the UTC window by an hour across a weekend with a DST change (Friday 27 → Monday 30 March)", () => {
    const slots = freeSlots({ from: z("2026-03-27T00:00:00Z"), to: z("2026-03-31T00:00:00Z"), timeZone: LISBON, busy: [] });
    expect(iso(slots)).toEqual([
      ["2026-03-27T09:00:00.000Z", "2026-03-27T18:00:00.000Z"],
      ["2026-03-30T08:00:00.000Z", "2026-03-30T17:00:00.000Z"],
    ]);
  });

  it("works for America/New_York, including its own DST Sundays", () => {
    const june = freeSlots({ from: z("2026-06-01T00:00:00Z"), to: z("2026-06-02T00:00:00Z"), timeZone: NEW_YORK, busy: [] });
    expect(iso(june)).toEqual([["2026-06-01T13:00:00.000Z", "2026-06-01T22:00:00.000Z"]]);
    const march = freeSlots({ from: z("2026-03-07T05:00:00Z"), to: z("2026-03-09T04:00:00Z"), workingHours: EVERY_DAY, timeZone: NEW_YORK, busy: [] });
    expect(iso(march)).toEqual([
      ["2026-03-07T14:00:00.000Z", "2026-03-07T23:00:00.000Z"], // EST −05:00
      ["2026-03-08T13:00:00.000Z", "2026-03-08T22:00:00.000Z"], // EDT −04:00
    ]);
    const november = freeSlots({ from: z("2026-11-01T04:00:00Z"), to: z("2026-11-02T05:00:00Z"), workingHours: EVERY_DAY, timeZone: NEW_YORK, busy: [] });
    expect(iso(november)).toEqual([["2026-11-01T14:00:00.000Z", "2026-11-01T23:00:00.000Z"]]);
  });

  it("works for Asia/Kolkata (+05:30), whose working day starts on the previous UTC evening's date boundary", () => {
    const slots = freeSlots({ from: z("2026-05-31T18:30:00Z"), to: z("2026-06-01T18:30:00Z"), timeZone: KOLKATA, busy: [] });
    expect(iso(slots)).toEqual([["2026-06-01T03:30:00.000Z", "2026-06-01T12:30:00.000Z"]]);
  });

  it("settles wall times inside the DST gap and fold like Temporal's 'compatible' (after the gap, first of the fold)", () => {
    const night: WorkingHours = { start: "01:30", end: "03:00", days: [7] };
    // 29 March: 01:30 does not exist in Lisbon (01:00 → 02:00); it becomes 02:30 WEST = 01:30Z.
    const march = freeSlots({ from: z("2026-03-28T12:00:00Z"), to: z("2026-03-30T00:00:00Z"), workingHours: night, timeZone: LISBON, busy: [] });
    expect(iso(march)).toEqual([["2026-03-29T01:30:00.000Z", "2026-03-29T02:00:00.000Z"]]);
    // 25 October: 01:30 happens twice (WEST then WET); the first is 00:30Z.
    const october = freeSlots({ from: z("2026-10-24T12:00:00Z"), to: z("2026-10-26T00:00:00Z"), workingHours: night, timeZone: LISBON, busy: [] });
    expect(iso(october)).toEqual([["2026-10-25T00:30:00.000Z", "2026-10-25T03:00:00.000Z"]]);
  });

  it("starts from the local date of `from`, even when the UTC date is already the next day (Honolulu, −10:00)", () => {
    // 2026-06-02T00:30Z is Monday 1 June 14:30 in Honolulu: the rest of that afternoon is free.
    const slots = freeSlots({ from: z("2026-06-02T00:30:00Z"), to: z("2026-06-02T10:00:00Z"), timeZone: "Pacific/Honolulu", busy: [] });
    expect(iso(slots)).toEqual([["2026-06-02T00:30:00.000Z", "2026-06-02T04:00:00.000Z"]]);
  });

  it("refuses invalid working hours and instants", () => {
    expect(() =>
      freeSlots({ from: z("2026-06-01T00:00:00Z"), to: z("2026-06-02T00:00:00Z"), workingHours: { start: "18:00", end: "09:00" }, timeZone: LISBON, busy: [] }),
    ).toThrow(RangeError);
    expect(() => freeSlots({ from: z("2026-06-01T00:00:00Z"), to: z("2026-06-02T00:00:00Z"), timeZone: "Lisboa", busy: [] })).toThrow(RangeError);
    expect(() => freeSlots({ from: "not a date", to: z("2026-06-02T00:00:00Z"), timeZone: LISBON, busy: [] })).toThrow(RangeError);
  });
});

describe("scheduleTask", () => {
  const monday = { timeZone: LISBON, now: z("2026-06-01T07:00:00Z") }; // Monday 08:00 local

  it("fits in the first gap, right after a morning event", () => {
    const result = scheduleTask(
      { durationMinutes: 60, priority: "medium" },
      { ...monday, busy: [{ start: "2026-06-01T08:00:00Z", end: "2026-06-01T09:00:00Z" }] },
    );
    expect(result).toEqual({ ok: true, start: z("2026-06-01T09:00:00Z"), end: z("2026-06-01T10:00:00Z") });
  });

  it("skips a gap too short for the task and takes the next one", () => {
    const busy = [
      { start: "2026-06-01T08:00:00Z", end: "2026-06-01T09:00:00Z" }, // 09:00–10:00
      { start: "2026-06-01T09:30:00Z", end: "2026-06-01T11:00:00Z" }, // 10:30–12:00: a 30-minute gap before it
    ];
    expect(scheduleTask({ durationMinutes: 45, priority: "high" }, { ...monday, busy })).toMatchObject({
      ok: true,
      start: z("2026-06-01T11:00:00Z"),
    });
    // Exactly the gap's length fits.
    expect(scheduleTask({ durationMinutes: 30, priority: "high" }, { ...monday, busy })).toMatchObject({
      ok: true,
      start: z("2026-06-01T09:00:00Z"),
      end: z("2026-06-01T09:30:00Z"),
    });
  });

  it("never starts before now, rounded up to the next 15 minutes", () => {
    const at = (now: string) => scheduleTask({ durationMinutes: 30, priority: "low" }, { timeZone: LISBON, now: z(now), busy: [] });
    expect(at("2026-06-01T09:07:00Z")).toMatchObject({ start: z("2026-06-01T09:15:00Z") });
    expect(at("2026-06-01T09:15:00Z")).toMatchObject({ start: z("2026-06-01T09:15:00Z") });
    expect(at("2026-06-01T09:15:01Z")).toMatchObject({ start: z("2026-06-01T09:30:00Z") });
  });

  it("rolls over a weekend: Friday after hours → Monday 09:00 local", () => {
    const result = scheduleTask({ durationMinutes: 90, priority: "medium" }, { timeZone: LISBON, now: z("2026-06-05T17:30:00Z"), busy: [] });
    expect(result).toEqual({ ok: true, start: z("2026-06-08T08:00:00Z"), end: z("2026-06-08T09:30:00Z") });
  });

  it("does not split a task: the rest of Friday is too short, so Monday", () => {
    const result = scheduleTask({ durationMinutes: 120, priority: "medium" }, { timeZone: LISBON, now: z("2026-06-05T15:30:00Z"), busy: [] });
    expect(result).toMatchObject({ ok: true, start: z("2026-06-08T08:00:00Z") });
  });

  it("refuses a task longer than a working day (too_long); a whole day fits an empty day", () => {
    expect(scheduleTask({ durationMinutes: 541, priority: "high" }, { ...monday, busy: [] })).toEqual({ ok: false, reason: "too_long" });
    expect(scheduleTask({ durationMinutes: 540, priority: "high" }, { ...monday, busy: [] })).toEqual({
      ok: true,
      start: z("2026-06-01T08:00:00Z"),
      end: z("2026-06-01T17:00:00Z"),
    });
  });

  it("places before the due date or says no_slot, nothing after it", () => {
    // Monday and Tuesday full; due Tuesday → no slot even though Wednesday is free.
    const busy = [{ start: "2026-06-01T00:00:00Z", end: "2026-06-03T00:00:00Z" }];
    expect(scheduleTask({ durationMinutes: 30, priority: "high", dueDate: "2026-06-02" }, { ...monday, busy })).toEqual({ ok: false, reason: "no_slot" });
    expect(scheduleTask({ durationMinutes: 30, priority: "high", dueDate: "2026-06-03" }, { ...monday, busy })).toMatchObject({
      ok: true,
      start: z("2026-06-03T08:00:00Z"),
    });
    // Due today and today has room.
    expect(scheduleTask({ durationMinutes: 30, priority: "high", dueDate: "2026-06-01" }, { ...monday, busy: [] })).toMatchObject({ ok: true });
  });

  it("says due_passed for a due date before today in the user's zone", () => {
    expect(scheduleTask({ durationMinutes: 30, priority: "high", dueDate: "2026-05-31" }, { ...monday, busy: [] })).toEqual({
      ok: false,
      reason: "due_passed",
    });
    // 20:00 UTC on 1 June is already 2 June 01:30 in Kolkata (due passed) but 21:00 on 1 June in Lisbon
    // (due today, working day over: no slot).
    const late = { now: z("2026-06-01T20:00:00Z"), busy: [] };
    expect(scheduleTask({ durationMinutes: 30, priority: "high", dueDate: "2026-06-01" }, { ...late, timeZone: KOLKATA })).toEqual({
      ok: false,
      reason: "due_passed",
    });
    expect(scheduleTask({ durationMinutes: 30, priority: "high", dueDate: "2026-06-01" }, { ...late, timeZone: LISBON })).toEqual({
      ok: false,
      reason: "no_slot",
    });
  });

  it("uses the local date in Kolkata: late UTC evening is the next local morning", () => {
    // 2026-06-01T20:00Z = Tuesday 2 June 01:30 IST → 09:00 IST = 03:30Z on 2 June.
    const result = scheduleTask({ durationMinutes: 60, priority: "medium" }, { timeZone: KOLKATA, now: z("2026-06-01T20:00:00Z"), busy: [] });
    expect(result).toEqual({ ok: true, start: z("2026-06-02T03:30:00Z"), end: z("2026-06-02T04:30:00Z") });
    // Rounding now to a quarter is a local quarter too (+05:30): 03:37Z = 09:07 IST → 09:15 IST.
    expect(scheduleTask({ durationMinutes: 15, priority: "low" }, { timeZone: KOLKATA, now: z("2026-06-02T03:37:00Z"), busy: [] })).toMatchObject({
      start: z("2026-06-02T03:45:00Z"),
    });
  });

  it("uses New York working hours for a New York user", () => {
    const result = scheduleTask({ durationMinutes: 60, priority: "medium" }, { timeZone: NEW_YORK, now: z("2026-06-01T12:00:00Z"), busy: [] });
    expect(result).toEqual({ ok: true, start: z("2026-06-01T13:00:00Z"), end: z("2026-06-01T14:00:00Z") });
  });

  it("places on the Monday after the March change at 09:00 WEST (08:00 UTC)", () => {
    const result = scheduleTask({ durationMinutes: 60, priority: "medium" }, { timeZone: LISBON, now: z("2026-03-27T18:30:00Z"), busy: [] });
    expect(result).toMatchObject({ ok: true, start: z("2026-03-30T08:00:00Z") });
  });

  it("stops at the horizon", () => {
    const busy = [{ start: "2026-06-01T00:00:00Z", end: "2026-06-04T00:00:00Z" }];
    expect(scheduleTask({ durationMinutes: 30, priority: "low" }, { ...monday, busy, horizonDays: 2 })).toEqual({ ok: false, reason: "no_slot" });
    expect(scheduleTask({ durationMinutes: 30, priority: "low" }, { ...monday, busy, horizonDays: 3 })).toMatchObject({
      ok: true,
      start: z("2026-06-04T08:00:00Z"),
    });
  });

  it("refuses a non-positive duration and a date that does not exist", () => {
    expect(() => scheduleTask({ durationMinutes: 0, priority: "low" }, { ...monday, busy: [] })).toThrow(RangeError);
    expect(() => scheduleTask({ durationMinutes: 30, priority: "low", dueDate: "2026-02-30" }, { ...monday, busy: [] })).toThrow(RangeError);
  });
});

describe("planDay", () => {
  const base = { date: "2026-06-01", now: z("2026-06-01T07:00:00Z"), timeZone: LISBON };

  it("places higher priority first, each placement busy for the next", () => {
    const result = planDay(
      [
        { id: "low", durationMinutes: 60, priority: "low" },
        { id: "high", durationMinutes: 60, priority: "high" },
        { id: "medium", durationMinutes: 30, priority: "medium" },
      ],
      { ...base, busy: [{ start: "2026-06-01T09:00:00Z", end: "2026-06-01T10:00:00Z" }] },
    );
    expect(result.unplaced).toEqual([]);
    expect(result.placed.map((p) => [p.id, p.start.toISOString(), p.end.toISOString()])).toEqual([
      ["high", "2026-06-01T08:00:00.000Z", "2026-06-01T09:00:00.000Z"],
      ["medium", "2026-06-01T10:00:00.000Z", "2026-06-01T10:30:00.000Z"],
      ["low", "2026-06-01T10:30:00.000Z", "2026-06-01T11:30:00.000Z"],
    ]);
  });

  it("breaks priority ties by earlier due date (none last), then by the given order", () => {
    const result = planDay(
      [
        { id: "a-no-due", durationMinutes: 60, priority: "medium" },
        { id: "b-due-late", durationMinutes: 60, priority: "medium", dueDate: "2026-06-10" },
        { id: "c-due-soon", durationMinutes: 60, priority: "medium", dueDate: "2026-06-03" },
        { id: "d-no-due", durationMinutes: 60, priority: "medium" },
      ],
      { ...base, busy: [] },
    );
    expect(result.placed.map((p) => p.id)).toEqual(["c-due-soon", "b-due-late", "a-no-due", "d-no-due"]);
  });

  it("reports what did not fit and why, and placements never overlap", () => {
    const result = planDay(
      [
        { id: "big", durationMinutes: 600, priority: "high" },
        { id: "morning", durationMinutes: 240, priority: "high" },
        { id: "afternoon", durationMinutes: 240, priority: "medium" },
        { id: "extra", durationMinutes: 90, priority: "low" },
        { id: "overdue", durationMinutes: 15, priority: "high", dueDate: "2026-05-29" },
        { id: "filler", durationMinutes: 60, priority: "low" },
      ],
      { ...base, busy: [] },
    );
    expect(result.placed.map((p) => p.id)).toEqual(["morning", "afternoon", "filler"]);
    // Unplaced in the order tried: "overdue" (high, earliest due) before "big" (high, no due date).
    expect(result.unplaced).toEqual([
      { id: "overdue", reason: "due_passed" },
      { id: "big", reason: "too_long" },
      { id: "extra", reason: "no_slot" },
    ]);
    const sorted = [...result.placed].sort((a, b) => a.start.getTime() - b.start.getTime());
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].start.getTime()).toBeGreaterThanOrEqual(sorted[i - 1].end.getTime());
  });

  it("only uses the given local date (never spills to the next day) and not before now", () => {
    const result = planDay(
      [
        { id: "first", durationMinutes: 120, priority: "high" },
        { id: "second", durationMinutes: 120, priority: "high" },
      ],
      { ...base, now: z("2026-06-01T13:50:00Z"), busy: [] }, // 14:50 local → from 15:00
    );
    expect(result.placed).toEqual([{ id: "first", start: z("2026-06-01T14:00:00Z"), end: z("2026-06-01T16:00:00Z") }]);
    expect(result.unplaced).toEqual([{ id: "second", reason: "no_slot" }]);
  });

  it("plans a future date from its morning, and nothing on a non-working day", () => {
    const future = planDay([{ id: "t", durationMinutes: 30, priority: "low" }], { ...base, date: "2026-06-03", busy: [] });
    expect(future.placed).toEqual([{ id: "t", start: z("2026-06-03T08:00:00Z"), end: z("2026-06-03T08:30:00Z") }]);
    const saturday = planDay([{ id: "t", durationMinutes: 30, priority: "low" }], { ...base, date: "2026-06-06", busy: [] });
    // Said as the day being off, not as a full day: the screen tells the user to check their working days.
    expect(saturday).toEqual({ placed: [], unplaced: [{ id: "t", reason: "not_working_day" }] });
  });

  it("leaves every task out as 'not_working_day' on a day that is not one of the working days, even one too long", () => {
    const sunday = planDay(
      [
        { id: "short", durationMinutes: 30, priority: "low" },
        { id: "long", durationMinutes: 600, priority: "high" },
      ],
      { ...base, date: "2026-06-07", workingHours: { start: "09:00", end: "18:00", days: [1, 2, 3, 4, 5, 6] }, busy: [] },
    );
    expect(sunday).toEqual({ placed: [], unplaced: [{ id: "long", reason: "not_working_day" }, { id: "short", reason: "not_working_day" }] });
    // The same Sunday made a working day: the short task fits, the long one is still too long.
    const working = planDay([{ id: "short", durationMinutes: 30, priority: "low" }, { id: "long", durationMinutes: 600, priority: "high" }], {
      ...base,
      date: "2026-06-07",
      workingHours: { start: "09:00", end: "18:00", days: [7] },
      busy: [],
    });
    expect(working.unplaced).toEqual([{ id: "long", reason: "too_long" }]);
    expect(working.placed.map((p) => p.id)).toEqual(["short"]);
  });

  it("plans the Lisbon October DST Sunday with 9 local hours", () => {
    const result = planDay(
      [
        { id: "a", durationMinutes: 300, priority: "high" },
        { id: "b", durationMinutes: 240, priority: "high" },
      ],
      { date: "2026-10-25", now: z("2026-10-24T20:00:00Z"), timeZone: LISBON, workingHours: EVERY_DAY, busy: [] },
    );
    expect(result.placed).toEqual([
      { id: "a", start: z("2026-10-25T09:00:00Z"), end: z("2026-10-25T14:00:00Z") },
      { id: "b", start: z("2026-10-25T14:00:00Z"), end: z("2026-10-25T18:00:00Z") },
    ]);
  });

  it("places nothing on a date already over", () => {
    const past = planDay([{ id: "t", durationMinutes: 30, priority: "high" }], { ...base, date: "2026-05-29", busy: [] });
    expect(past).toEqual({ placed: [], unplaced: [{ id: "t", reason: "no_slot" }] });
  });

  it("does not change the caller's busy list", () => {
    const busy: BusyInterval[] = [];
    planDay([{ id: "t", durationMinutes: 30, priority: "low" }], { ...base, busy });
    expect(busy).toEqual([]);
  });
});

describe("validateWorkingHours", () => {
  it("accepts the default and fills and sorts days", () => {
    expect(validateWorkingHours(DEFAULT_WORKING_HOURS)).toEqual({ ok: true, value: { start: "09:00", end: "18:00", days: [1, 2, 3, 4, 5] } });
    expect(validateWorkingHours({ start: "08:30", end: "12:00" })).toEqual({ ok: true, value: { start: "08:30", end: "12:00", days: [1, 2, 3, 4, 5] } });
    expect(validateWorkingHours({ start: "08:30", end: "12:00", days: [7, 6] })).toMatchObject({ ok: true, value: { days: [6, 7] } });
  });

  it("rejects hours that end before or when they start", () => {
    expect(validateWorkingHours({ start: "18:00", end: "09:00" })).toEqual({ ok: false, errors: { end: "errors:field.invalid" } });
    expect(validateWorkingHours({ start: "09:00", end: "09:00" })).toEqual({ ok: false, errors: { end: "errors:field.invalid" } });
  });

  it("rejects malformed clocks and days", () => {
    expect(validateWorkingHours({ start: "9:00", end: "24:00" })).toEqual({
      ok: false,
      errors: { start: "errors:field.invalid", end: "errors:field.invalid" },
    });
    expect(validateWorkingHours({ start: "09:00", end: "18:00", days: [] })).toMatchObject({ ok: false, errors: { days: "errors:field.invalid" } });
    expect(validateWorkingHours({ start: "09:00", end: "18:00", days: [0, 1] })).toMatchObject({ ok: false });
    expect(validateWorkingHours({ start: "09:00", end: "18:00", days: [8] })).toMatchObject({ ok: false });
    expect(validateWorkingHours({ start: "09:00", end: "18:00", days: [1, 1] })).toMatchObject({ ok: false });
  });
});
