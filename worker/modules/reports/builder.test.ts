import { describe, expect, it } from "vitest";
import { buildWeeklyReport, busyDaysFinding, lastWeekStart, weekHadActivity } from "./builder";
import { weekFacts as empty } from "./builder.test-utils";
const at = (iso: string) => Date.parse(iso);

describe("lastWeekStart", () => {
  it("is the Monday of the previous full week in the user's zone", () => {
    // Monday 07:00 in Lisbon (winter, UTC+0): the week of 16–22 November.
    expect(lastWeekStart(new Date("2026-11-23T07:00:00Z"), "Europe/Lisbon")).toBe("2026-11-16");
    // Still Sunday evening in Honolulu: the week before that is the last full one.
    expect(lastWeekStart(new Date("2026-11-23T07:00:00Z"), "Pacific/Honolulu")).toBe("2026-11-09");
    // Monday after the spring change (29 March 2026), 07:00 in Lisbon is 06:00 UTC.
    expect(lastWeekStart(new Date("2026-03-30T06:00:00Z"), "Europe/Lisbon")).toBe("2026-03-23");
  });
});

describe("buildWeeklyReport", () => {
  it("counts tasks created and done on the zone's days, so a task done Sunday 23:30 local counts", () => {
    const report = buildWeeklyReport(
      empty({
        timeZone: "America/Sao_Paulo",
        tasks: {
          // Sunday 22 Nov 23:30 in São Paulo is Monday 02:30 UTC: still in the week there.
          createdAt: [at("2026-11-16T12:00:00Z"), at("2026-11-23T02:30:00Z"), at("2026-11-23T04:00:00Z")],
          completedAt: [at("2026-11-16T12:00:00Z"), at("2026-11-23T02:30:00Z"), at("2026-11-16T02:00:00Z")],
        },
      }),
    );
    expect(report.tasks.created).toBe(2);
    expect(report.tasks.completed).toBe(2);
    expect(report.tasks.completedByDay).toEqual([1, 0, 0, 0, 0, 0, 1]);
    expect(report.days).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
  });

  it("reports goals completed in the week and the open ones' progress", () => {
    const report = buildWeeklyReport(
      empty({
        goals: [
          { id: "a", title: "Correr 10 km", progress: 100, status: "completed", completedAt: at("2026-11-18T10:00:00Z") },
          { id: "b", title: "Ler 12 livros", progress: 40, status: "in_progress", completedAt: null },
          { id: "c", title: "Poupar", progress: 10, status: "pending", completedAt: null },
          { id: "d", title: "Antigo", progress: 100, status: "completed", completedAt: at("2026-10-01T10:00:00Z") },
        ],
      }),
    );
    expect(report.goals.completed).toEqual([{ id: "a", title: "Correr 10 km" }]);
    expect(report.goals.open.map((g) => g.id)).toEqual(["b", "c"]);
    expect(report.goals.averageProgress).toBe(25);
  });

  it("leaves out of the open goals one made after the week ended, before the Monday report", () => {
    const report = buildWeeklyReport(
      empty({
        goals: [
          { id: "b", title: "Ler 12 livros", progress: 40, status: "in_progress", completedAt: null, createdAt: at("2026-11-01T10:00:00Z") },
          // Sunday 22 November 23:30 in Lisbon: still in the week.
          { id: "c", title: "Poupar", progress: 10, status: "pending", completedAt: null, createdAt: at("2026-11-22T23:30:00Z") },
          // Monday 23 November 06:00 in Lisbon: made after the week, before the 07:00 report.
          { id: "e", title: "Novo", progress: 0, status: "pending", completedAt: null, createdAt: at("2026-11-23T06:00:00Z") },
        ],
      }),
    );
    expect(report.goals.open.map((g) => g.id)).toEqual(["b", "c"]);
    expect(report.goals.averageProgress).toBe(25);
  });

  it("puts an event on every day of the week it takes up, and counts it once", () => {
    const report = buildWeeklyReport(
      empty({
        events: [
          // All day Wednesday to Friday (the end date is exclusive).
          { start: "2026-11-18", end: "2026-11-21", allDay: true },
          // 23:00 Monday to 01:00 Tuesday in Lisbon: on both days.
          { start: "2026-11-16T23:00:00Z", end: "2026-11-17T01:00:00Z", allDay: false },
          // Ends at Sunday midnight: on Sunday only, not on the next week's Monday.
          { start: "2026-11-22T20:00:00Z", end: "2026-11-23T00:00:00Z", allDay: false },
          // From the Saturday before the week to Monday: on Monday only.
          { start: "2026-11-14", end: "2026-11-17", allDay: true },
          // Wholly the week before: not in it.
          { start: "2026-11-10T09:00:00Z", end: "2026-11-10T10:00:00Z", allDay: false },
        ],
      }),
    );
    expect(report.events.byDay).toEqual([2, 1, 1, 1, 1, 0, 1]);
    expect(report.events.count).toBe(4);
  });

  it("gives the mood average, mood by day and the top emotions of the week only", () => {
    const report = buildWeeklyReport(
      empty({
        diary: [
          { date: "2026-11-10", mood: 1, emotions: ["sad"] },
          { date: "2026-11-16", mood: 4, emotions: ["happy", "grateful"] },
          { date: "2026-11-16", mood: 3, emotions: ["happy"] },
          { date: "2026-11-20", mood: 2, emotions: ["anxious"] },
        ],
      }),
    );
    expect(report.mood.entries).toBe(3);
    expect(report.mood.average).toBe(3);
    expect(report.mood.byDay).toEqual([3.5, null, null, null, 2, null, null]);
    expect(report.mood.topEmotions[0]).toEqual({ emotion: "happy", count: 2 });
  });

  it("sets spending by category against the previous week, including categories of only one week", () => {
    const report = buildWeeklyReport(
      empty({
        spending: { week: { groceries: 5000, restaurants: 1240 }, previous: { groceries: 4000, transport: 300 }, labels: { groceries: { pt: "Supermercado", en: "Groceries" } } },
      }),
    );
    expect(report.spending.totalCents).toBe(6240);
    expect(report.spending.previousTotalCents).toBe(4300);
    expect(report.spending.categories.map((c) => [c.category, c.cents, c.previousCents])).toEqual([
      ["groceries", 5000, 4000],
      ["restaurants", 1240, 0],
      ["transport", 0, 300],
    ]);
    expect(report.spending.categories[0].labels.pt).toBe("Supermercado");
  });

  it("gives each routine's streak as of the week's Sunday and its check-ins against scheduled days", () => {
    const long = new Date("2026-10-01T12:00:00Z");
    const report = buildWeeklyReport(
      empty({
        routines: [
          { id: "r1", title: "Meditar", schedule: { frequency: "daily" }, createdAt: long, checkIns: ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"] },
          { id: "r2", title: "Ginásio", schedule: { frequency: "weekdays", weekdays: [1, 3, 5] }, createdAt: long, checkIns: ["2026-11-13", "2026-11-16", "2026-11-18"] },
        ],
      }),
    );
    expect(report.routines[0]).toMatchObject({ streakDays: 4, checkIns: 4, scheduled: 7 });
    // Friday 20 was missed: Sunday's streak counts back only from Wednesday's... which is broken by Friday.
    expect(report.routines[1]).toMatchObject({ checkIns: 2, scheduled: 3 });
    expect(report.routines[1].streakDays).toBe(0);
    // How the streak counts, for the screen's words: days for a daily routine, times for a weekday one.
    expect(report.routines.map((r) => r.frequency)).toEqual(["daily", "weekdays"]);
  });

  it("counts a missed Sunday against the streak: the report is written once the week is over", () => {
    const report = buildWeeklyReport(
      empty({ routines: [{ id: "r1", title: "Ler", schedule: { frequency: "daily" }, createdAt: new Date("2026-10-01T12:00:00Z"), checkIns: ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"] }] }),
    );
    expect(report.routines[0]).toMatchObject({ streakDays: 0, checkIns: 6, scheduled: 7 });
  });

  it("never says more days done than due: extra days are not counted, nor days before the routine existed", () => {
    const report = buildWeeklyReport(
      empty({
        routines: [
          // Monday to Friday, done Monday to Saturday: 5 of 5, not 6 of 5.
          { id: "r1", title: "Alongar", schedule: { frequency: "weekdays", weekdays: [1, 2, 3, 4, 5] }, createdAt: new Date("2026-10-01T12:00:00Z"), checkIns: ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"] },
          // Daily, created late on Thursday 19 (23:30 in Lisbon): due from that Thursday, 4 days.
          { id: "r2", title: "Beber água", schedule: { frequency: "daily" }, createdAt: new Date("2026-11-19T23:30:00Z"), checkIns: ["2026-11-20", "2026-11-21", "2026-11-22"] },
          // Created on Wednesday, with Tuesday logged back: due from Tuesday.
          { id: "r3", title: "Caminhar", schedule: { frequency: "daily" }, createdAt: new Date("2026-11-18T10:00:00Z"), checkIns: ["2026-11-17", "2026-11-18"] },
        ],
      }),
    );
    expect(report.routines.map(({ checkIns, scheduled }) => [checkIns, scheduled])).toEqual([
      [5, 5],
      [3, 4],
      [2, 6],
    ]);
  });

  // A counted routine (0117) said "4 de 7 dias" only: not how far it got on the days not done.
  it("gives a counted routine's times done over its due days against the times planned, each day as the strip shows it", () => {
    const long = new Date("2026-10-01T12:00:00Z");
    const report = buildWeeklyReport(
      empty({
        routines: [
          // 6 a day until Wednesday, 8 from Thursday (the target now).
          {
            id: "agua",
            title: "Beber água",
            schedule: { frequency: "daily" },
            createdAt: long,
            timesPerDay: 8,
            checkIns: ["2026-11-16", "2026-11-17", "2026-11-19", "2026-11-22"],
            counts: [
              { date: "2026-11-16", count: 6 }, // done at the old target: a day done counts the target now, 8
              // Tuesday checked in from the strip, no count stored: the target, 8
              { date: "2026-11-18", count: 4 },
              { date: "2026-11-19", count: 8 },
              { date: "2026-11-20", count: 5 },
              // Saturday untouched: 0
              { date: "2026-11-22", count: 8 },
            ],
          },
          // 5 a day lowered to 3 on Thursday, due Mondays and Tuesdays.
          {
            id: "passear",
            title: "Passear",
            schedule: { frequency: "weekdays", weekdays: [1, 2] },
            createdAt: long,
            timesPerDay: 3,
            checkIns: ["2026-11-17"],
            counts: [
              { date: "2026-11-16", count: 4 }, // not done, over the lowered target: one short of it, 2
              { date: "2026-11-17", count: 5 }, // done: 3
              { date: "2026-11-18", count: 2 }, // not due: left out, as an extra check-in is
            ],
          },
          { id: "ler", title: "Ler", schedule: { frequency: "daily" }, createdAt: long, timesPerDay: 1, checkIns: ["2026-11-16"], counts: [] },
          { id: "meditar", title: "Meditar", schedule: { frequency: "daily" }, createdAt: long, checkIns: ["2026-11-16"] },
        ],
      }),
    );
    expect(report.routines[0]).toMatchObject({ checkIns: 4, scheduled: 7, times: { done: 8 + 8 + 4 + 8 + 5 + 0 + 8, planned: 56 } });
    expect(report.routines[1]).toMatchObject({ checkIns: 1, scheduled: 2, times: { done: 2 + 3, planned: 6 } });
    // Done once a day: the report's routine as before, without the field.
    expect(report.routines[2]).not.toHaveProperty("times");
    expect(report.routines[3]).not.toHaveProperty("times");
  });

  it("plans a counted routine's times from the day it existed, and says a week counted but not done was active", () => {
    const water = { id: "agua", title: "Beber água", schedule: { frequency: "daily" as const }, createdAt: new Date("2026-11-20T09:00:00Z"), timesPerDay: 8, checkIns: [], counts: [{ date: "2026-11-21", count: 3 }] };
    const report = buildWeeklyReport(empty({ routines: [water] }));
    expect(report.routines[0]).toMatchObject({ checkIns: 0, scheduled: 3, times: { done: 3, planned: 24 } });
    expect(weekHadActivity(report)).toBe(true);
    expect(weekHadActivity(buildWeeklyReport(empty({ routines: [{ ...water, counts: [] }] })))).toBe(false);
  });

  // A routine made between Sunday midnight and the report showed as "0 of 0 days" in a week it had no part in.
  it("leaves out a routine made after the week ended", () => {
    const report = buildWeeklyReport(
      empty({ routines: [{ id: "late", title: "Yoga", schedule: { frequency: "daily" }, createdAt: new Date("2026-11-23T06:30:00Z"), checkIns: [] }] }),
    );
    expect(report.routines).toEqual([]);
  });

  // An account opened on Thursday got a report that read Monday to Wednesday, and the week before, as idle.
  it("says from which day the week counts when the account was opened during it, on the zone's calendar", () => {
    const opened = (iso: string, timeZone = "Europe/Lisbon") => buildWeeklyReport(empty({ timeZone, accountCreatedAt: new Date(iso) })).since;
    expect(opened("2026-11-19T15:00:00Z")).toBe("2026-11-19");
    // Sunday 22 at 23:30 in São Paulo is Monday 02:30 UTC: still the week's Sunday there.
    expect(opened("2026-11-23T02:30:00Z", "America/Sao_Paulo")).toBe("2026-11-22");
    // Opened on the Monday, or before the week: a whole week.
    expect(opened("2026-11-16T00:10:00Z")).toBeNull();
    expect(opened("2026-01-01T00:00:00Z")).toBeNull();
    expect(buildWeeklyReport(empty()).since).toBeNull();
  });

  it("leaves the cycle out without the opt-in and gives each day's phase with it", () => {
    expect(buildWeeklyReport(empty()).cycle).toBeNull();
    const cycle = [
      { date: "2026-10-20", flow: "medium" as const },
      { date: "2026-11-17", flow: "heavy" as const },
      { date: "2026-11-18", flow: "light" as const },
    ];
    const report = buildWeeklyReport(empty({ cycle: { days: cycle, longCycles: [] } }));
    expect(report.cycle!.days.map((d) => d?.phase)).toEqual(["luteal", "menstrual", "menstrual", "follicular", "follicular", "follicular", "follicular"]);
    expect(report.cycle!.days[1]).toEqual({ phase: "menstrual", cycleDay: 1 });
  });
});

describe("weekHadActivity", () => {
  it("is false for a week with only open goals and routines that were due, true with anything done", () => {
    const idle = empty({
      goals: [{ id: "b", title: "Ler", progress: 40, status: "in_progress", completedAt: null }],
      routines: [{ id: "r", title: "Meditar", schedule: { frequency: "daily" }, createdAt: new Date("2026-11-01T09:00:00Z"), checkIns: ["2026-11-10"] }],
    });
    expect(weekHadActivity(buildWeeklyReport(idle))).toBe(false);
    expect(weekHadActivity(buildWeeklyReport({ ...idle, routines: [{ ...idle.routines[0], checkIns: ["2026-11-18"] }] }))).toBe(true);
    expect(weekHadActivity(buildWeeklyReport({ ...idle, diary: [{ date: "2026-11-18", mood: null, emotions: [] }] }))).toBe(true);
    expect(weekHadActivity(buildWeeklyReport({ ...idle, spending: { week: { groceries: 100 }, previous: {}, labels: {} } }))).toBe(true);
    expect(weekHadActivity(buildWeeklyReport({ ...idle, events: [{ start: "2026-11-18", allDay: true }] }))).toBe(true);
    expect(weekHadActivity(buildWeeklyReport({ ...idle, tasks: { createdAt: [at("2026-11-18T10:00:00Z")], completedAt: [] } }))).toBe(true);
  });
});

describe("busyDaysFinding", () => {
  const meetings = (date: string, n: number) => Array.from({ length: n }, (_, i) => ({ start: `${date}T${String(9 + i).padStart(2, "0")}:00:00Z`, allDay: false }));
  const diary = (entries: [string, number][]) => entries.map(([date, mood]) => ({ date, mood, emotions: [] }));

  it("compares the mood of days with 3+ timed events against the others, with the numbers", () => {
    const facts = {
      timeZone: "Europe/Lisbon",
      events: [...meetings("2026-11-02", 3), ...meetings("2026-11-09", 4), ...meetings("2026-11-16", 3), ...meetings("2026-11-17", 2)],
      diary: diary([["2026-11-02", 2], ["2026-11-09", 3], ["2026-11-16", 3], ["2026-11-17", 4], ["2026-11-18", 4], ["2026-11-19", 3]]),
    };
    expect(busyDaysFinding(facts, "2026-11-22")).toEqual({
      kind: "busyDaysMood",
      threshold: 3,
      windowDays: 28,
      minDays: 3,
      from: "2026-10-26",
      to: "2026-11-22",
      busy: { days: 3, mood: 2.7 },
      other: { days: 3, mood: 3.7 },
    });
  });

  it("says nothing under three days on a side, for a small difference, or counting all-day events", () => {
    const few = { timeZone: "Europe/Lisbon", events: [...meetings("2026-11-16", 3), ...meetings("2026-11-17", 3)], diary: diary([["2026-11-16", 1], ["2026-11-17", 1], ["2026-11-18", 5], ["2026-11-19", 5], ["2026-11-20", 5]]) };
    expect(busyDaysFinding(few, "2026-11-22")).toBeNull();
    const close = { timeZone: "Europe/Lisbon", events: ["16", "17", "18"].flatMap((d) => meetings(`2026-11-${d}`, 3)), diary: diary([["2026-11-16", 3], ["2026-11-17", 3], ["2026-11-18", 4], ["2026-11-19", 3], ["2026-11-20", 4], ["2026-11-21", 3]]) };
    expect(busyDaysFinding(close, "2026-11-22")).toBeNull();
    const allDay = { ...close, events: ["16", "17", "18"].flatMap((d) => Array.from({ length: 3 }, () => ({ start: `2026-11-${d}`, allDay: true }))), diary: diary([["2026-11-16", 1], ["2026-11-17", 1], ["2026-11-18", 1], ["2026-11-19", 5], ["2026-11-20", 5], ["2026-11-21", 5]]) };
    expect(busyDaysFinding(allDay, "2026-11-22")).toBeNull();
  });

  it("counts only busy time as meetings: events marked free do not make a busy day", () => {
    const days = ["16", "17", "18"];
    const moods = diary([["2026-11-16", 1], ["2026-11-17", 1], ["2026-11-18", 1], ["2026-11-19", 5], ["2026-11-20", 5], ["2026-11-21", 5]]);
    const busy = { timeZone: "Europe/Lisbon", events: days.flatMap((d) => meetings(`2026-11-${d}`, 3)), diary: moods };
    expect(busyDaysFinding(busy, "2026-11-22")?.busy).toEqual({ days: 3, mood: 1 });
    const free = { ...busy, events: busy.events.map((e) => ({ ...e, busy: false })) };
    expect(busyDaysFinding(free, "2026-11-22")).toBeNull();
  });

  it("counts a timed event across midnight on both its days", () => {
    // Two meetings a day plus one from 23:00 to 01:00 in Lisbon: three on the 17th, 18th and 19th.
    const events = [...meetings("2026-11-17", 2), ...meetings("2026-11-18", 2), ...meetings("2026-11-19", 1), { start: "2026-11-17T23:00:00Z", end: "2026-11-18T01:00:00Z", allDay: false }, { start: "2026-11-18T23:00:00Z", end: "2026-11-19T01:00:00Z", allDay: false }, ...meetings("2026-11-19", 1)];
    const moods = diary([["2026-11-17", 1], ["2026-11-18", 1], ["2026-11-19", 1], ["2026-11-20", 5], ["2026-11-21", 5], ["2026-11-22", 5]]);
    expect(busyDaysFinding({ timeZone: "Europe/Lisbon", events, diary: moods }, "2026-11-22")?.busy).toEqual({ days: 3, mood: 1 });
  });
});
