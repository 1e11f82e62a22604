import { describe, expect, it } from "vitest";
import { predictCycle, type Flow } from "@worker/modules/cycle/predictions";
import { daysLate, irregularCycles, marksOf, monthOf, ongoingPeriod, projectedCycles, queuedDays, shiftMonth, suggestedFlow, typicalPeriodDays } from "./calendar";

// Next period 10 December (28-day cycles, range 8–12 December): ovulation 26 November, fertile 21–27 November.
const prediction = { nextPeriodStart: "2026-12-10", range: { start: "2026-12-08", end: "2026-12-12" }, averageCycleLength: 28 };
const cycles = projectedCycles(prediction, 4);
const at = (date: string, flow: Parameters<typeof marksOf>[1]["flow"] = null, today = "2026-11-23") => marksOf(date, { flow, cycles, today });

describe("cycle calendar marks", () => {
  it("draws the predicted period for the typical number of days from the predicted start", () => {
    expect(["2026-12-09", "2026-12-10", "2026-12-13", "2026-12-14"].map((d) => at(d).predicted)).toEqual([false, true, true, false]);
  });

  it("marks the fertile window and ovulation only from today on", () => {
    expect(at("2026-11-22").fertile).toBe(false); // past: only what was logged
    expect(at("2026-11-23")).toMatchObject({ fertile: true, today: true, future: false });
    expect(at("2026-11-26")).toMatchObject({ fertile: true, ovulation: true, future: true });
    expect(at("2026-11-28").fertile).toBe(false);
  });

  it("never draws a prediction over a day logged with flow", () => {
    expect(at("2026-12-10", "light", "2026-12-10")).toMatchObject({ flow: "light", predicted: false });
    expect(at("2026-12-10", "none", "2026-12-10").predicted).toBe(true);
  });

  it("takes the typical period length from the logged periods (halves up), 5 without any", () => {
    const days = (dates: string[], flow: Flow = "medium") => dates.map((date) => ({ date, flow }));
    expect(typicalPeriodDays([], "2026-03-01")).toBe(5);
    expect(typicalPeriodDays(days(["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01"]), "2026-03-01")).toBe(4); // 3.5 → 4
    expect(typicalPeriodDays(days(["2026-01-03", "2026-01-01", "2026-01-02", "2026-01-02"]), "2026-03-01")).toBe(3);
  });

  it("is not shortened by a lone spotting day, a day left unlogged mid-period, or the period still going on", () => {
    const period = (start: number) => [0, 1, 2, 3, 4].map((i) => ({ date: `2026-01-${String(start + i).padStart(2, "0")}`, flow: "medium" as const }));
    // A spotting day mid-cycle had counted as a one-day period: (5 + 1) / 2 → 3.
    expect(typicalPeriodDays([...period(1), { date: "2026-01-15", flow: "spotting" }], "2026-01-25")).toBe(5);
    // Day 3 left unlogged: one five-day period, not two of two days.
    expect(typicalPeriodDays(period(1).filter((d) => d.date !== "2026-01-03"), "2026-01-25")).toBe(5);
    // The first day of a new period, logged today: the period has not ended, the past one counts.
    expect(typicalPeriodDays([...period(1), { date: "2026-01-29", flow: "heavy" }], "2026-01-29")).toBe(5);
    // The very first log, today: no period has ended yet, so the default rather than one day.
    expect(typicalPeriodDays([{ date: "2026-01-29", flow: "heavy" }], "2026-01-29")).toBe(5);
    expect(typicalPeriodDays(period(1).concat(period(6)), "2026-01-11")).toBe(10); // ten days so far: at least that
  });

  it("counts a period that ended yesterday once today is logged without flow ('Já terminou')", () => {
    const past = [1, 2, 3].map((d) => ({ date: `2026-01-0${d}`, flow: "medium" as const }));
    const current = [29, 30, 31].map((d) => ({ date: `2026-01-${d}`, flow: "medium" as const }));
    // Flow yesterday (31st), nothing today: it may go on, so only the three-day period counts… (3)
    expect(typicalPeriodDays([...past, ...current, { date: "2026-01-28", flow: "medium" }], "2026-02-01")).toBe(3);
    // …and "Já terminou" today ends it: its four days count too, (3 + 4) / 2 → 4.
    expect(typicalPeriodDays([...past, ...current, { date: "2026-01-28", flow: "medium" }], "2026-02-01", true)).toBe(4);
  });
});

describe("the ongoing period's question", () => {
  const run = (dates: string[], flow: Flow = "heavy") => dates.map((date) => ({ date, flow }));
  it("is asked when yesterday has flow and today has no log, with yesterday's flow and the days so far", () => {
    expect(ongoingPeriod(run(["2026-11-30", "2026-12-01"]), "2026-12-02", false)).toEqual({ flow: "heavy", days: 2 });
    // Across a year: the user's yesterday of 1 January is 31 December.
    expect(ongoingPeriod([...run(["2026-12-30"]), { date: "2026-12-31", flow: "light" }], "2027-01-01", false)).toEqual({ flow: "light", days: 2 });
  });

  it("is not asked once today is logged (with flow, or without: 'Já terminou'), nor without flow yesterday", () => {
    expect(ongoingPeriod(run(["2026-12-01"]), "2026-12-02", true)).toBeNull();
    expect(ongoingPeriod(run(["2026-11-30"]), "2026-12-02", false)).toBeNull();
    expect(ongoingPeriod([{ date: "2026-12-01", flow: "none" }], "2026-12-02", false)).toBeNull();
    expect(ongoingPeriod([], "2026-12-02", false)).toBeNull();
  });

  it("is not asked after fourteen days of flow: a longer period is logged on purpose", () => {
    const days = (n: number) => run(Array.from({ length: n }, (_, i) => `2026-12-${String(15 - n + i).padStart(2, "0")}`));
    expect(ongoingPeriod(days(13), "2026-12-15", false)).toEqual({ flow: "heavy", days: 13 });
    expect(ongoingPeriod(days(14), "2026-12-15", false)).toBeNull();
  });

  it("draws the periods after the next one too, a mean cycle apart, each with its ovulation and fertile window", () => {
    // Browsing ahead to February and May 2027: the 2nd and 3rd periods after the next (7 Jan, 4 Feb, …, 29 Apr).
    expect(["2027-02-03", "2027-02-04", "2027-02-07", "2027-02-08"].map((d) => at(d).predicted)).toEqual([false, true, true, false]);
    expect(at("2027-01-21")).toMatchObject({ ovulation: true, fertile: true }); // 4 Feb − 14
    expect(["2027-01-15", "2027-01-16", "2027-01-22", "2027-01-23"].map((d) => at(d).fertile)).toEqual([false, true, true, false]);
    expect(at("2027-04-29").predicted).toBe(true); // the sixth, five cycles after the next
    expect(at("2027-05-27").predicted).toBe(false); // no further than six
    expect(cycles.map((c) => c.start)).toEqual(["2026-12-10", "2027-01-07", "2027-02-04", "2027-03-04", "2027-04-01", "2027-04-29"]);
  });

  it("widens the likely range with each cycle ahead, said on the first day of each predicted period", () => {
    expect(cycles[0].range).toEqual(prediction.range);
    expect(cycles[1].range).toEqual({ start: "2027-01-03", end: "2027-01-11" }); // ± 4
    expect(cycles[5].range).toEqual({ start: "2027-04-17", end: "2027-05-11" }); // ± 12
    expect(at("2027-01-07").likely).toEqual(cycles[1].range);
    expect(at("2027-01-08").likely).toBeNull();
    expect(projectedCycles({ nextPeriodStart: null, range: null, averageCycleLength: 28 }, 5)).toEqual([]);
  });

  it("reads the month parameter, falling back to today's month, and pages across years", () => {
    expect(monthOf("2026-02", "2026-11-23")).toEqual({ year: 2026, month: 2 });
    expect(monthOf("2026-13", "2026-11-23")).toEqual({ year: 2026, month: 11 });
    expect(monthOf(null, "2026-11-23")).toEqual({ year: 2026, month: 11 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toBe("2027-01");
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toBe("2025-12");
  });
});

describe("the flow a new day's log starts with", () => {
  const logged = new Map([["2026-11-10", "heavy" as const], ["2026-11-11", "medium" as const], ["2026-11-20", "none" as const]]);
  const context = { flowOn: (date: string) => logged.get(date) ?? null, prediction: { nextPeriodStart: "2026-12-08", range: { start: "2026-12-07", end: "2026-12-09" }, periodStarts: ["2026-11-10"] } };

  it("is a period's flow where a period is likely: the day after a flow day, or around the predicted start", () => {
    expect(suggestedFlow("2026-11-12", context)).toBe("medium");
    expect(["2026-12-03", "2026-12-04", "2026-12-09", "2026-12-13"].map((d) => suggestedFlow(d, context))).toEqual(["none", "medium", "medium", "medium"]);
  });

  it("is a period's flow when the period is late: its first day, logged days after the predicted one, must start a period", () => {
    expect(["2026-12-14", "2026-12-20", "2027-01-05"].map((d) => suggestedFlow(d, context))).toEqual(["medium", "medium", "medium"]);
  });

  it("is a period's flow before the first logged period: a new user entering past periods from memory", () => {
    expect(["2026-10-13", "2026-10-14"].map((d) => suggestedFlow(d, context))).toEqual(["medium", "medium"]);
  });

  it("is no flow on other days, so symptoms logged mid-cycle do not start a period", () => {
    expect(suggestedFlow("2026-11-21", context)).toBe("none");
    expect(suggestedFlow("2026-11-25", context)).toBe("none");
  });

  it("is a period's flow before any period is logged: the first log is one", () => {
    expect(suggestedFlow("2026-11-25", { ...context, prediction: { nextPeriodStart: null, range: null, periodStarts: [] } })).toBe("medium");
  });
});

describe("irregular cycles", () => {
  const periods = (starts: string[]) => predictCycle(starts.map((date) => ({ date, flow: "medium" as const }))).cycleLengths;

  it("are those whose counted lengths differ by more than a week", () => {
    expect(irregularCycles(periods(["2026-01-01", "2026-01-26", "2026-03-12", "2026-04-11"]))).toEqual({ shortest: 25, longest: 45 });
    expect(irregularCycles(periods(["2026-01-01", "2026-01-27", "2026-02-28"]))).toBeNull(); // 26 and 32: within normal variation
  });

  it("need two counted cycles, and leave out those the mean leaves out", () => {
    expect(irregularCycles(periods(["2026-01-01", "2026-02-05"]))).toBeNull();
    expect(irregularCycles(periods(["2026-01-01", "2026-01-29", "2026-02-26", "2026-06-26"]))).toBeNull(); // the 120-day gap is left out
  });
});

describe("how late the period is", () => {
  it("counts whole days from the predicted start once it has passed, 0 until then or without a prediction", () => {
    expect(daysLate({ nextPeriodStart: "2026-12-10" }, "2026-12-09")).toBe(0);
    expect(daysLate({ nextPeriodStart: "2026-12-10" }, "2026-12-10")).toBe(0); // due today: not late yet
    expect(daysLate({ nextPeriodStart: "2026-12-10" }, "2026-12-11")).toBe(1);
    expect(daysLate({ nextPeriodStart: "2026-12-25" }, "2027-01-04")).toBe(10);
    expect(daysLate({ nextPeriodStart: null }, "2026-12-11")).toBe(0);
  });
});

describe("days changed offline, as the calendar draws them", () => {
  const days = [{ id: "d1", date: "2026-11-10", flow: "light" as Flow }, { id: "d2", date: "2026-11-11", flow: "medium" as Flow }];
  const change = (kind: string, path: string, body: Record<string, unknown>, status = "pending") => ({ kind, path, body, status });

  it("a queued period marks each of its days, an ongoing one up to today; later writes win", () => {
    const shown = queuedDays(
      [
        change("cycle.period", "/cycle/days/range", { start: "2026-11-20", flow: "heavy" }),
        change("cycle.log", "/cycle/days", { date: "2026-11-22", symptoms: ["cramps"] }),
        change("cycle.update", "/cycle/days/d1", { flow: "spotting" }),
        change("cycle.delete", "/cycle/days/d2", {}),
        change("cycle.log", "/cycle/days", { date: "2026-11-12" }),
      ],
      days,
      "2026-11-23",
    );
    expect(Object.fromEntries(shown)).toEqual({
      "2026-11-20": "heavy",
      "2026-11-21": "heavy",
      "2026-11-22": "heavy",
      "2026-11-23": "heavy",
      "2026-11-10": "spotting",
      "2026-11-11": null,
      "2026-11-12": "none",
    });
  });

  it("draws nothing of a refused write, nor of an edit of a day the screen does not hold", () => {
    const shown = queuedDays([change("cycle.period", "/cycle/days/range", { start: "2026-11-01", end: "2026-11-03", flow: "light" }, "failed"), change("cycle.delete", "/cycle/days/elsewhere", {})], days, "2026-11-23");
    expect(shown.size).toBe(0);
  });
});
