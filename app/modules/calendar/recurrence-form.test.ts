import { describe, expect, it } from "vitest";
import { bodyOf } from "./event-body";
import { firstDateOf, fromRrule, NO_REPEAT, toRrule, weekdayPosition, type Repeat } from "./recurrence-form";

describe("the recurrence editor's RRULE", () => {
  it("writes the product's rules", () => {
    expect(toRrule(NO_REPEAT, "2026-05-12")).toBeNull();
    expect(toRrule({ ...NO_REPEAT, freq: "DAILY" }, "2026-05-12")).toBe("FREQ=DAILY");
    expect(toRrule({ ...NO_REPEAT, freq: "WEEKLY", days: ["WE", "MO"] }, "2026-05-12")).toBe("FREQ=WEEKLY;BYDAY=MO,WE");
    // No day ticked: the start's own weekday (12 May 2026 is a Tuesday).
    expect(toRrule({ ...NO_REPEAT, freq: "WEEKLY", interval: 2 }, "2026-05-12")).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU");
    expect(toRrule({ ...NO_REPEAT, freq: "MONTHLY" }, "2026-05-12")).toBe("FREQ=MONTHLY;BYMONTHDAY=12");
    expect(toRrule({ ...NO_REPEAT, freq: "MONTHLY", monthlyBy: "weekday" }, "2026-05-12")).toBe("FREQ=MONTHLY;BYDAY=2TU");
    expect(toRrule({ ...NO_REPEAT, freq: "MONTHLY", monthlyBy: "weekday" }, "2026-05-29")).toBe("FREQ=MONTHLY;BYDAY=-1FR");
    expect(toRrule({ ...NO_REPEAT, freq: "YEARLY", ends: "count", count: 5 }, "2026-05-12")).toBe("FREQ=YEARLY;COUNT=5");
    expect(toRrule({ ...NO_REPEAT, freq: "DAILY", ends: "until", until: "2026-06-30" }, "2026-05-12")).toBe("FREQ=DAILY;UNTIL=20260630");
    expect(toRrule({ ...NO_REPEAT, freq: "DAILY", ends: "until", until: "2026-06-30" }, "2026-05-12", "20260630T225959Z")).toBe("FREQ=DAILY;UNTIL=20260630T225959Z");
  });
  it("reads them back, and keeps a rule it cannot show as custom", () => {
    expect(fromRrule("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8", "Europe/Lisbon")).toMatchObject({ freq: "WEEKLY", days: ["MO", "WE"], ends: "count", count: 8 });
    expect(fromRrule("FREQ=MONTHLY;BYDAY=2TU;UNTIL=20261231T235959Z", "Europe/Lisbon")).toMatchObject({ freq: "MONTHLY", monthlyBy: "weekday", ends: "until", until: "2026-12-31" });
    expect(fromRrule("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1", "Europe/Lisbon")).toMatchObject({ freq: "CUSTOM", raw: "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1" });
    expect(fromRrule("FREQ=HOURLY;COUNT=3", "Europe/Lisbon").freq).toBe("CUSTOM");
    expect(toRrule(fromRrule("FREQ=YEARLY;BYMONTH=3", "Europe/Lisbon"), "2026-03-01")).toBe("FREQ=YEARLY;BYMONTH=3");
  });
  it("reads a UTC UNTIL on the event's own day, so the end date stays put however often it is saved", () => {
    // The end of 30 June is 02:59:59 UTC on 1 July in São Paulo, 00:59:59 UTC in the Azores' winter.
    const cases: [string, string][] = [
      ["America/Sao_Paulo", "2026-06-30"],
      ["Atlantic/Azores", "2027-01-15"],
      ["Europe/Lisbon", "2026-06-30"],
      ["Asia/Tokyo", "2026-06-30"],
    ];
    for (const [timeZone, until] of cases) {
      let repeat: Repeat = { ...NO_REPEAT, freq: "WEEKLY", ends: "until", until };
      for (let save = 0; save < 3; save++) {
        const draft = { title: "Aula", description: "", location: "", allDay: false, startDate: "2026-05-05", startTime: "19:00", endDate: "2026-05-05", endTime: "20:00", timeZone, reminderMinutes: null, busy: true, rrule: null };
        repeat = fromRrule(bodyOf(draft, repeat).rrule, timeZone);
        expect(repeat.until, timeZone).toBe(until);
      }
    }
    expect(fromRrule("FREQ=DAILY;UNTIL=20260701T025959Z", "America/Sao_Paulo").until).toBe("2026-06-30");
    // A date UNTIL (all-day events) is that date wherever the event is.
    expect(fromRrule("FREQ=DAILY;UNTIL=20260630", "America/Sao_Paulo").until).toBe("2026-06-30");
  });
  it("finds a date's place among its month's weekdays", () => {
    expect(weekdayPosition("2026-05-01")).toEqual({ nth: 1, day: "FR" });
    expect(weekdayPosition("2026-05-14")).toEqual({ nth: 2, day: "TH" });
    expect(weekdayPosition("2026-05-31")).toEqual({ nth: -1, day: "SU" });
  });
});

describe("the date a new series starts on", () => {
  it("is the start, or the first ticked day after it when the start's own weekday is not ticked", () => {
    // 29 November 2026 is a Sunday.
    expect(firstDateOf({ ...NO_REPEAT, freq: "WEEKLY", days: ["MO", "WE"] }, "2026-11-29")).toBe("2026-11-30");
    expect(firstDateOf({ ...NO_REPEAT, freq: "WEEKLY", days: ["WE", "SA"] }, "2026-11-30")).toBe("2026-12-02");
    // Across a month's and a year's end.
    expect(firstDateOf({ ...NO_REPEAT, freq: "WEEKLY", days: ["FR"] }, "2026-12-29")).toBe("2027-01-01");
    // The start's own day ticked, no day ticked (the start's weekday), or not weekly: the start.
    expect(firstDateOf({ ...NO_REPEAT, freq: "WEEKLY", days: ["SU", "WE"] }, "2026-11-29")).toBe("2026-11-29");
    expect(firstDateOf({ ...NO_REPEAT, freq: "WEEKLY" }, "2026-11-29")).toBe("2026-11-29");
    expect(firstDateOf({ ...NO_REPEAT, freq: "MONTHLY" }, "2026-11-29")).toBe("2026-11-29");
    expect(firstDateOf(NO_REPEAT, "2026-11-29")).toBe("2026-11-29");
  });
});
