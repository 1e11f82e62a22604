import { describe, expect, it } from "vitest";
import { describeRrule, expandOccurrences, isIanaTimeZone, isValidDate, moveWithSeries, sameRecurrence, splitSeries, validateRrule, type RecurringEvent } from "./recurrence";

const timed = (start: string, end: string, timeZone: string, rrule: string | null, extra: Partial<RecurringEvent> = {}): RecurringEvent => ({
  start,
  end,
  allDay: false,
  timeZone,
  rrule,
  exdates: [],
  ...extra,
});
const allDay = (start: string, end: string, rrule: string | null, extra: Partial<RecurringEvent> = {}): RecurringEvent => ({
  start,
  end,
  allDay: true,
  timeZone: "Europe/Lisbon",
  rrule,
  exdates: [],
  ...extra,
});
const starts = (e: RecurringEvent, from: string, to: string, timeZone?: string) => expandOccurrences(e, { from, to, timeZone }).items.map((o) => o.start);
const utc = (iso: string) => new Date(iso).toISOString();

describe("weekly 09:30 Lisbon meeting across both 2026 changes", () => {
  // Monday 16 March 2026, 09:30 WET (UTC+0).
  const meeting = timed("2026-03-16T09:30:00Z", "2026-03-16T10:30:00Z", "Europe/Lisbon", "FREQ=WEEKLY;BYDAY=MO");

  it("stays 09:30 local when summer time starts on 29 March (UTC offset moves to +01:00)", () => {
    const items = expandOccurrences(meeting, { from: "2026-03-16", to: "2026-04-06" }).items;
    expect(items.map((o) => o.start)).toEqual(["2026-03-16T09:30:00+00:00", "2026-03-23T09:30:00+00:00", "2026-03-30T09:30:00+01:00", "2026-04-06T09:30:00+01:00"]);
    expect(items.map((o) => o.end)).toEqual(["2026-03-16T10:30:00+00:00", "2026-03-23T10:30:00+00:00", "2026-03-30T10:30:00+01:00", "2026-04-06T10:30:00+01:00"]);
    // In UTC the meeting moves an hour earlier: that is what keeps it at 09:30 on the wall.
    expect(utc(items[1].start)).toBe("2026-03-23T09:30:00.000Z");
    expect(utc(items[2].start)).toBe("2026-03-30T08:30:00.000Z");
  });

  it("stays 09:30 local when summer time ends on 25 October (back to +00:00)", () => {
    expect(starts(meeting, "2026-10-19", "2026-11-02")).toEqual(["2026-10-19T09:30:00+01:00", "2026-10-26T09:30:00+00:00", "2026-11-02T09:30:00+00:00"]);
  });

  it("a daily 09:30 rule hits 09:30 on the change days themselves", () => {
    const daily = timed("2026-03-27T09:30:00Z", "2026-03-27T10:00:00Z", "Europe/Lisbon", "FREQ=DAILY;COUNT=4");
    expect(starts(daily, "2026-03-27", "2026-03-31")).toEqual(["2026-03-27T09:30:00+00:00", "2026-03-28T09:30:00+00:00", "2026-03-29T09:30:00+01:00", "2026-03-30T09:30:00+01:00"]);
    const autumn = timed("2026-10-24T09:30:00+01:00", "2026-10-24T10:00:00+01:00", "Europe/Lisbon", "FREQ=DAILY;COUNT=3");
    expect(starts(autumn, "2026-10-24", "2026-10-27")).toEqual(["2026-10-24T09:30:00+01:00", "2026-10-25T09:30:00+00:00", "2026-10-26T09:30:00+00:00"]);
  });

  it("accepts the start written in any offset: the instant is what counts", () => {
    const same = timed("2026-03-16T10:30:00+01:00", "2026-03-16T11:30:00+01:00", "Europe/Lisbon", "FREQ=WEEKLY;BYDAY=MO");
    expect(starts(same, "2026-03-30", "2026-03-30")).toEqual(["2026-03-30T09:30:00+01:00"]);
  });
});

describe("a New York series seen from Lisbon", () => {
  // Weekly Tuesday 10:00 New York (EST, UTC-5) from 3 March 2026.
  const ny = timed("2026-03-03T10:00:00-05:00", "2026-03-03T11:00:00-05:00", "America/New_York", "FREQ=WEEKLY;BYDAY=TU");

  it("stays 10:00 in New York across 8 March and 1 November", () => {
    expect(starts(ny, "2026-03-01", "2026-03-17", "Europe/Lisbon")).toEqual(["2026-03-03T10:00:00-05:00", "2026-03-10T10:00:00-04:00", "2026-03-17T10:00:00-04:00"]);
    expect(starts(ny, "2026-10-27", "2026-11-03", "Europe/Lisbon")).toEqual(["2026-10-27T10:00:00-04:00", "2026-11-03T10:00:00-05:00"]);
  });

  it("is 15:00, 14:00 (US changed, Lisbon not yet), then 15:00 again in Lisbon", () => {
    const lisbon = (iso: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
    const items = starts(ny, "2026-03-01", "2026-04-01", "Europe/Lisbon");
    // 3 Mar: 15:00 (NY -5, Lisbon +0); 10, 17, 24 Mar: 14:00 (NY -4, Lisbon +0); 31 Mar: 15:00 (NY -4, Lisbon +1).
    expect(items.map(lisbon)).toEqual(["15:00", "14:00", "14:00", "14:00", "15:00"]);
    // Late October: Lisbon back to +0 on the 25th, NY still -4 until 1 November.
    expect(starts(ny, "2026-10-20", "2026-11-04", "Europe/Lisbon").map(lisbon)).toEqual(["15:00", "14:00", "15:00"]);
  });
});

describe("all-day events never shift a day", () => {
  for (const zone of ["Pacific/Auckland", "America/Los_Angeles", "Europe/Lisbon", "Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
    // The event was created in that zone too: neither its zone nor the viewer's may move the date.
    const birthday = allDay("2026-03-05", "2026-03-06", "FREQ=YEARLY", { timeZone: zone });
    it(`yearly 5 March stays on 5 March for a viewer in ${zone}`, () => {
      const items = expandOccurrences(birthday, { from: "2026-01-01", to: "2030-12-31", timeZone: zone }).items;
      expect(items.map((o) => o.start)).toEqual(["2026-03-05", "2027-03-05", "2028-03-05", "2029-03-05", "2030-03-05"]);
      expect(items.every((o) => o.allDay && o.end === o.start.replace(/05$/, "06"))).toBe(true);
    });
  }

  it("monthly on the 1st, across DST changes in Auckland (5 April) and Los Angeles (8 March, 1 November)", () => {
    for (const zone of ["Pacific/Auckland", "America/Los_Angeles"]) {
      const rent = allDay("2026-01-01", "2026-01-02", "FREQ=MONTHLY;BYMONTHDAY=1", { timeZone: zone });
      const items = starts(rent, "2026-01-01", "2026-12-31", zone);
      expect(items).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}-01`));
    }
  });

  it("a window day matches the all-day date in the viewer's zone only", () => {
    const day = allDay("2026-07-10", "2026-07-11", null);
    // 10 July in Auckland ends at 2026-07-10T12:00Z; asked for the instant after, nothing.
    expect(starts(day, "2026-07-10T11:59:00Z", "2026-07-10T12:00:00Z", "Pacific/Auckland")).toEqual(["2026-07-10"]);
    expect(starts(day, "2026-07-10T12:00:00Z", "2026-07-10T13:00:00Z", "Pacific/Auckland")).toEqual([]);
    // The same instant is still 10 July in Los Angeles.
    expect(starts(day, "2026-07-10T12:00:00Z", "2026-07-10T13:00:00Z", "America/Los_Angeles")).toEqual(["2026-07-10"]);
    expect(starts(day, "2026-07-11", "2026-07-11", "Pacific/Auckland")).toEqual([]);
    expect(starts(day, "2026-07-09", "2026-07-09", "America/Los_Angeles")).toEqual([]);
  });

  it("multi-day all-day events keep their length and overlap the window from before", () => {
    const trip = allDay("2026-08-28", "2026-09-02", "FREQ=YEARLY;COUNT=2");
    expect(expandOccurrences(trip, { from: "2026-09-01", to: "2026-09-30", timeZone: "Pacific/Auckland" }).items).toEqual([
      { occurrenceStart: "2026-08-28", start: "2026-08-28", end: "2026-09-02", allDay: true },
    ]);
  });
});

describe("monthly and yearly shapes", () => {
  it("second Tuesday of each month", () => {
    const e = timed("2026-01-13T18:00:00Z", "2026-01-13T19:00:00Z", "Europe/Lisbon", "FREQ=MONTHLY;BYDAY=2TU");
    expect(starts(e, "2026-01-01", "2026-06-30").map((s) => s.slice(0, 10))).toEqual(["2026-01-13", "2026-02-10", "2026-03-10", "2026-04-14", "2026-05-12", "2026-06-09"]);
    const viaSetPos = timed("2026-01-13T18:00:00Z", "2026-01-13T19:00:00Z", "Europe/Lisbon", "FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2");
    expect(starts(viaSetPos, "2026-01-01", "2026-06-30")).toEqual(starts(e, "2026-01-01", "2026-06-30"));
  });

  it("BYMONTHDAY=31 skips short months instead of moving to the 30th or 1st", () => {
    const e = allDay("2026-01-31", "2026-02-01", "FREQ=MONTHLY;BYMONTHDAY=31");
    expect(starts(e, "2026-01-01", "2026-12-31")).toEqual(["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31", "2026-10-31", "2026-12-31"]);
  });

  it("yearly on 29 February only in leap years", () => {
    const e = allDay("2024-02-29", "2024-03-01", "FREQ=YEARLY");
    expect(starts(e, "2024-01-01", "2032-12-31")).toEqual(["2024-02-29", "2028-02-29", "2032-02-29"]);
  });

  it("every 2 weeks on Monday and Wednesday", () => {
    const e = timed("2026-05-04T08:00:00+01:00", "2026-05-04T09:00:00+01:00", "Europe/Lisbon", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE");
    expect(starts(e, "2026-05-01", "2026-05-31").map((s) => s.slice(0, 10))).toEqual(["2026-05-04", "2026-05-06", "2026-05-18", "2026-05-20"]);
  });
});

describe("COUNT, UNTIL, exdates and overrides", () => {
  const daily = timed("2026-06-01T09:00:00+01:00", "2026-06-01T09:30:00+01:00", "Europe/Lisbon", "FREQ=DAILY;COUNT=5");

  it("COUNT stops the series", () => {
    expect(starts(daily, "2026-05-01", "2026-07-01").length).toBe(5);
  });

  it("UNTIL is inclusive of an occurrence at that instant", () => {
    const e = timed("2026-06-01T09:00:00+01:00", "2026-06-01T09:30:00+01:00", "Europe/Lisbon", "FREQ=DAILY;UNTIL=20260603T080000Z");
    expect(starts(e, "2026-05-01", "2026-07-01")).toEqual(["2026-06-01T09:00:00+01:00", "2026-06-02T09:00:00+01:00", "2026-06-03T09:00:00+01:00"]);
    const e2 = allDay("2026-06-01", "2026-06-02", "FREQ=DAILY;UNTIL=20260603");
    expect(starts(e2, "2026-05-01", "2026-07-01")).toEqual(["2026-06-01", "2026-06-02", "2026-06-03"]);
  });

  it("exdates remove occurrences, matched by instant whatever the offset written (and COUNT still counts them)", () => {
    const e = { ...daily, exdates: ["2026-06-02T08:00:00Z", "2026-06-04T09:00:00+01:00"] };
    expect(starts(e, "2026-05-01", "2026-07-01")).toEqual(["2026-06-01T09:00:00+01:00", "2026-06-03T09:00:00+01:00", "2026-06-05T09:00:00+01:00"]);
    const d = allDay("2026-06-01", "2026-06-02", "FREQ=WEEKLY;COUNT=3", { exdates: ["2026-06-08"] });
    expect(starts(d, "2026-05-01", "2026-07-01")).toEqual(["2026-06-01", "2026-06-15"]);
  });

  it("an override replaces its occurrence and keeps occurrenceStart and extra fields", () => {
    const e: RecurringEvent<{ occurrenceStart: string; start: string; end: string; title: string }> = {
      ...daily,
      overrides: [{ occurrenceStart: "2026-06-03T09:00:00+01:00", start: "2026-06-03T15:00:00+01:00", end: "2026-06-03T16:00:00+01:00", title: "Moved" }],
    };
    const items = expandOccurrences(e, { from: "2026-06-03", to: "2026-06-03" }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ occurrenceStart: "2026-06-03T09:00:00+01:00", start: "2026-06-03T15:00:00+01:00", end: "2026-06-03T16:00:00+01:00" });
    expect(items[0].override?.title).toBe("Moved");
  });

  it("an override can move an occurrence into or out of the window", () => {
    const e: RecurringEvent = {
      ...daily,
      overrides: [
        { occurrenceStart: "2026-06-05T09:00:00+01:00", start: "2026-06-10T09:00:00+01:00", end: "2026-06-10T10:00:00+01:00" },
        { occurrenceStart: "2026-06-01T09:00:00+01:00", start: "2026-05-20T09:00:00+01:00", end: "2026-05-20T10:00:00+01:00" },
      ],
    };
    expect(starts(e, "2026-06-10", "2026-06-10")).toEqual(["2026-06-10T09:00:00+01:00"]);
    expect(starts(e, "2026-06-01", "2026-06-01")).toEqual([]);
    expect(starts(e, "2026-05-20", "2026-05-20")).toEqual(["2026-05-20T09:00:00+01:00"]);
    expect(starts(e, "2026-06-05", "2026-06-05")).toEqual([]);
  });

  it("an override of an exdated or non-existent occurrence is ignored", () => {
    const e: RecurringEvent = {
      ...daily,
      exdates: ["2026-06-02T09:00:00+01:00"],
      overrides: [
        { occurrenceStart: "2026-06-02T09:00:00+01:00", start: "2026-06-20T09:00:00+01:00", end: "2026-06-20T10:00:00+01:00" },
        { occurrenceStart: "2026-06-02T10:00:00+01:00", start: "2026-06-21T09:00:00+01:00", end: "2026-06-21T10:00:00+01:00" },
      ],
    };
    expect(starts(e, "2026-06-01", "2026-06-30")).toEqual(["2026-06-01T09:00:00+01:00", "2026-06-03T09:00:00+01:00", "2026-06-04T09:00:00+01:00", "2026-06-05T09:00:00+01:00"]);
  });
});

describe("window edges", () => {
  // A weekly overnight shift Friday 22:00 to Saturday 06:00 Lisbon.
  const shift = timed("2026-06-05T22:00:00+01:00", "2026-06-06T06:00:00+01:00", "Europe/Lisbon", "FREQ=WEEKLY");

  it("includes an occurrence that began before the window and ends inside it", () => {
    expect(starts(shift, "2026-06-06", "2026-06-06")).toEqual(["2026-06-05T22:00:00+01:00"]);
  });

  it("excludes one that ends exactly at the window start, or starts exactly at its (exclusive) end", () => {
    expect(starts(shift, "2026-06-06T06:00:00+01:00", "2026-06-06T12:00:00+01:00")).toEqual([]);
    expect(starts(shift, "2026-06-05T12:00:00+01:00", "2026-06-05T22:00:00+01:00")).toEqual([]);
    expect(starts(shift, "2026-06-05T12:00:00+01:00", "2026-06-05T22:00:01+01:00")).toEqual(["2026-06-05T22:00:00+01:00"]);
  });

  it("a single, non-repeating event overlaps like any occurrence", () => {
    const one = timed("2026-06-05T22:00:00+01:00", "2026-06-06T06:00:00+01:00", "Europe/Lisbon", null);
    expect(expandOccurrences(one, { from: "2026-06-06", to: "2026-06-06" }).items).toEqual([
      { occurrenceStart: "2026-06-05T22:00:00+01:00", start: "2026-06-05T22:00:00+01:00", end: "2026-06-06T06:00:00+01:00", allDay: false },
    ]);
    expect(starts(one, "2026-06-07", "2026-06-08")).toEqual([]);
  });

  it("a zero-length reminder-like event counts when it starts inside the window", () => {
    const pin = timed("2026-06-05T12:00:00Z", "2026-06-05T12:00:00Z", "UTC", "FREQ=DAILY;COUNT=3");
    expect(starts(pin, "2026-06-05T12:00:00Z", "2026-06-06T12:00:00Z")).toEqual(["2026-06-05T12:00:00+00:00"]);
  });
});

describe("the 1,000 cap", () => {
  it("cuts at the limit and says so", () => {
    const e = timed("2026-01-01T00:00:00Z", "2026-01-01T00:10:00Z", "UTC", "FREQ=HOURLY;COUNT=5000");
    const r = expandOccurrences(e, { from: "2026-01-01", to: "2026-12-31" });
    expect(r.items).toHaveLength(1000);
    expect(r.truncated).toBe(true);
    expect(r.items[999].start).toBe("2026-02-11T15:00:00+00:00");
    const small = expandOccurrences(e, { from: "2026-01-01", to: "2026-01-01", limit: 30 });
    expect(small.items).toHaveLength(24);
    expect(small.truncated).toBe(false);
  });
});

describe("validateRrule", () => {
  const lisbon = { start: "2026-03-16T09:30:00Z", timeZone: "Europe/Lisbon", allDay: false };

  it("accepts the shapes the calendar offers", () => {
    for (const r of [
      "FREQ=DAILY",
      "FREQ=WEEKLY;BYDAY=MO,WE",
      "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
      "FREQ=MONTHLY;BYDAY=2TU",
      "FREQ=MONTHLY;BYMONTHDAY=1",
      "FREQ=YEARLY;COUNT=10",
      "FREQ=DAILY;UNTIL=20261231T235959Z",
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;WKST=MO",
    ])
      expect(validateRrule(r, lisbon), r).toEqual({ ok: true });
  });

  it("refuses what is malformed, unknown or out of range (the library alone lets several through)", () => {
    for (const r of [
      "",
      "garbage",
      "FREQ=FORTNIGHTLY",
      "FREQ=WEEKLY;BYDAY=XX",
      "FREQ=DAILY;INTERVAL=0",
      "FREQ=DAILY;COUNT=abc",
      "FREQ=DAILY;COUNT=0",
      "FOO=1;FREQ=DAILY",
      "FREQ=MONTHLY;BYMONTHDAY=32",
      "FREQ=DAILY;BYHOUR=25",
      "FREQ=DAILY;COUNT=2;UNTIL=20261231T000000Z",
      "FREQ=DAILY;FREQ=WEEKLY",
      "RRULE:FREQ=DAILY",
      "FREQ=DAILY;COUNT=2\nEXDATE:20260324T093000Z",
      "FREQ=WEEKLY;BYDAY=2TU",
      "FREQ=DAILY;UNTIL=20260230",
      "FREQ=DAILY;UNTIL=20261231T000000",
      "FREQ=WEEKLY;WKST=XX",
      "FREQ=MONTHLY;BYSETPOS=0;BYDAY=TU",
      "RSCALE=GREGORIAN;FREQ=YEARLY",
    ]) {
      const r2 = validateRrule(r, lisbon);
      expect(r2.ok, r).toBe(false);
    }
  });

  it("refuses a never-ending daily rule in a 10-year window, accepts it in a year or with COUNT/UNTIL", () => {
    const tenYears = { ...lisbon, from: "2026-03-16T00:00:00Z", to: "2036-03-16T00:00:00Z" };
    const r = validateRrule("FREQ=DAILY", tenYears);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/1000 occurrences/);
    expect(validateRrule("FREQ=DAILY", lisbon)).toEqual({ ok: true });
    expect(validateRrule("FREQ=DAILY;COUNT=5000", tenYears)).toEqual({ ok: true });
    expect(validateRrule("FREQ=DAILY;UNTIL=20361231T000000Z", tenYears)).toEqual({ ok: true });
    expect(validateRrule("FREQ=WEEKLY", tenYears)).toEqual({ ok: true });
  });

  it("refuses a never-ending hourly or minutely rule even in the default year window", () => {
    expect(validateRrule("FREQ=HOURLY", lisbon).ok).toBe(false);
    expect(validateRrule("FREQ=MINUTELY", lisbon).ok).toBe(false);
    expect(validateRrule("FREQ=HOURLY;INTERVAL=12", lisbon)).toEqual({ ok: true });
  });

  it("refuses hour rules and time UNTIL on all-day events, and a time zone that is not IANA", () => {
    const day = { start: "2026-03-05", timeZone: "Europe/Lisbon", allDay: true };
    expect(validateRrule("FREQ=YEARLY", day)).toEqual({ ok: true });
    expect(validateRrule("FREQ=HOURLY;COUNT=3", day).ok).toBe(false);
    expect(validateRrule("FREQ=DAILY;UNTIL=20261231T000000Z", day).ok).toBe(false);
    expect(validateRrule("FREQ=YEARLY", { ...day, start: "2026-02-30" }).ok).toBe(false);
    expect(validateRrule("FREQ=DAILY", { ...lisbon, timeZone: "Lisbon" }).ok).toBe(false);
    expect(validateRrule("FREQ=DAILY", { ...lisbon, timeZone: "+01:00" }).ok).toBe(false);
  });
});

describe("isIanaTimeZone and dates", () => {
  it("accepts IANA names only", () => {
    for (const z of ["Europe/Lisbon", "America/New_York", "Pacific/Auckland", "America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+1", "Atlantic/Azores"]) expect(isIanaTimeZone(z), z).toBe(true);
    for (const z of ["Lisbon", "Europe/Lisboa", "+01:00", "GMT+1", "EST", "CET", "", "Mars/Olympus_Mons", "europe/lisbon/x"]) expect(isIanaTimeZone(z), z).toBe(false);
  });

  it("refuses dates that do not exist", () => {
    expect(isValidDate("2026-02-28")).toBe(true);
    expect(isValidDate("2028-02-29")).toBe(true);
    expect(isValidDate("2026-02-29")).toBe(false);
    expect(isValidDate("2026-02-30")).toBe(false);
    expect(isValidDate("2026-13-01")).toBe(false);
  });
});

describe("splitSeries (this and the following)", () => {
  it("ends the old series with UNTIL just before the occurrence and starts the new one there", () => {
    const e = timed("2026-03-16T09:30:00Z", "2026-03-16T10:30:00Z", "Europe/Lisbon", "FREQ=WEEKLY;BYDAY=MO", {
      exdates: ["2026-03-23T09:30:00Z", "2026-04-13T09:30:00+01:00"],
    });
    const r = splitSeries(e, "2026-04-06T09:30:00+01:00");
    if (!r.ok) throw new Error(r.reason);
    expect(r.before!.rrule).toBe("FREQ=WEEKLY;BYDAY=MO;UNTIL=20260406T082959Z");
    expect(r.before!.exdates).toEqual(["2026-03-23T09:30:00Z"]);
    expect(r.after).toMatchObject({ start: "2026-04-06T09:30:00+01:00", end: "2026-04-06T10:30:00+01:00", rrule: "FREQ=WEEKLY;BYDAY=MO", exdates: ["2026-04-13T09:30:00+01:00"] });
    // Together they give exactly the original occurrences.
    const window = { from: "2026-03-01", to: "2026-05-31" };
    const joined = [...expandOccurrences(r.before!, window).items, ...expandOccurrences(r.after, window).items].map((o) => o.start);
    expect(joined).toEqual(expandOccurrences(e, window).items.map((o) => o.start));
  });

  it("shares COUNT between the two series", () => {
    const e = timed("2026-06-01T09:00:00+01:00", "2026-06-01T09:30:00+01:00", "Europe/Lisbon", "FREQ=DAILY;COUNT=10", { exdates: ["2026-06-02T09:00:00+01:00"] });
    const r = splitSeries(e, "2026-06-04T09:00:00+01:00");
    if (!r.ok) throw new Error(r.reason);
    expect(r.before!.rrule).toBe("FREQ=DAILY;COUNT=3");
    expect(r.after.rrule).toBe("FREQ=DAILY;COUNT=7");
    expect(r.after.start).toBe("2026-06-04T09:00:00+01:00");
    expect(starts(r.after, "2026-06-01", "2026-06-30").at(-1)).toBe("2026-06-10T09:00:00+01:00");
  });

  it("splits all-day series with a date UNTIL the day before", () => {
    const e = allDay("2026-01-01", "2026-01-02", "FREQ=MONTHLY", {
      overrides: [
        { occurrenceStart: "2026-02-01", start: "2026-02-02", end: "2026-02-03" },
        { occurrenceStart: "2026-05-01", start: "2026-05-04", end: "2026-05-05" },
      ],
    });
    const r = splitSeries(e, "2026-04-01");
    if (!r.ok) throw new Error(r.reason);
    expect(r.before!.rrule).toBe("FREQ=MONTHLY;UNTIL=20260331");
    expect(r.before!.overrides!.map((o) => o.occurrenceStart)).toEqual(["2026-02-01"]);
    expect(r.after).toMatchObject({ start: "2026-04-01", end: "2026-04-02", rrule: "FREQ=MONTHLY" });
    expect(r.after.overrides!.map((o) => o.occurrenceStart)).toEqual(["2026-05-01"]);
  });

  it("at the first occurrence there is no old series; off-series instants are refused", () => {
    const e = timed("2026-06-01T09:00:00+01:00", "2026-06-01T09:30:00+01:00", "Europe/Lisbon", "FREQ=DAILY;COUNT=10");
    const first = splitSeries(e, "2026-06-01T08:00:00Z");
    expect(first.ok && first.before).toBe(null);
    expect(first.ok && first.after.rrule).toBe("FREQ=DAILY;COUNT=10");
    expect(splitSeries(e, "2026-06-01T09:30:00+01:00").ok).toBe(false);
    expect(splitSeries(e, "2026-06-11T09:00:00+01:00").ok).toBe(false);
    expect(splitSeries({ ...e, rrule: null }, "2026-06-01T09:00:00+01:00").ok).toBe(false);
  });
});

describe("sameRecurrence (the same rule in other words)", () => {
  // Tuesday 12 May 2026, 10:00 in Lisbon (summer time, 09:00 UTC).
  const tuesday = { start: "2026-05-12T10:00:00+01:00", allDay: false, timeZone: "Europe/Lisbon" };
  const same = (a: string | null, b: string | null, event = tuesday) => sameRecurrence(a, b, event);

  it("fills in what the start implies, as the event editor writes it", () => {
    expect(same("FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=TU")).toBe(true);
    expect(same("FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=MO")).toBe(false);
    expect(same("FREQ=MONTHLY", "FREQ=MONTHLY;BYMONTHDAY=12")).toBe(true);
    expect(same("FREQ=MONTHLY", "FREQ=MONTHLY;BYMONTHDAY=13")).toBe(false);
    expect(same("FREQ=MONTHLY", "FREQ=MONTHLY;BYDAY=2TU")).toBe(false);
    expect(same("FREQ=YEARLY", "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=12")).toBe(true);
    expect(same("FREQ=YEARLY;BYMONTH=5", "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=12")).toBe(true);
    // The weekday is the start's on its own wall clock: 23:30 on a Tuesday in São Paulo is Wednesday in UTC.
    expect(same("FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=TU", { start: "2026-05-12T23:30:00-03:00", allDay: false, timeZone: "America/Sao_Paulo" })).toBe(true);
    expect(same("FREQ=WEEKLY", "FREQ=WEEKLY;BYDAY=FR", { start: "2026-05-01", allDay: true, timeZone: "Europe/Lisbon" })).toBe(true);
  });

  it("reads past order, defaults, signs and repeats in the parts", () => {
    expect(same("FREQ=WEEKLY;WKST=MO;INTERVAL=1;BYDAY=WE,TU,TU", "FREQ=WEEKLY;BYDAY=TU,WE")).toBe(true);
    expect(same("FREQ=MONTHLY;BYDAY=+2TU;COUNT=5", "FREQ=MONTHLY;COUNT=5;BYDAY=2TU")).toBe(true);
    expect(same("freq=daily;count=3", "FREQ=DAILY;COUNT=3")).toBe(true);
    // WKST other than Monday, another interval or count: another series.
    expect(same("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU")).toBe(false);
    expect(same("FREQ=WEEKLY;INTERVAL=2", "FREQ=WEEKLY")).toBe(false);
    expect(same("FREQ=WEEKLY;COUNT=10", "FREQ=WEEKLY;COUNT=5")).toBe(false);
    expect(same("FREQ=WEEKLY;COUNT=10", "FREQ=WEEKLY")).toBe(false);
  });

  it("takes two UNTILs as one when no occurrence falls between them", () => {
    // The last Tuesday is 30 June, 09:00 UTC; a date UNTIL ends with that local day (22:59:59 UTC).
    expect(same("FREQ=WEEKLY;UNTIL=20260630", "FREQ=WEEKLY;BYDAY=TU;UNTIL=20260630T225959Z")).toBe(true);
    expect(same("FREQ=WEEKLY;UNTIL=20260630T090000Z", "FREQ=WEEKLY;UNTIL=20260701T225959Z")).toBe(true);
    expect(same("FREQ=WEEKLY;UNTIL=20260630T085959Z", "FREQ=WEEKLY;UNTIL=20260630T090000Z")).toBe(false);
    expect(same("FREQ=WEEKLY;UNTIL=20260629", "FREQ=WEEKLY;UNTIL=20260630")).toBe(false);
    expect(same("FREQ=WEEKLY;UNTIL=20260630", "FREQ=WEEKLY")).toBe(false);
  });

  it("answers no for no rule against one, or a rule it cannot read", () => {
    expect(same(null, null)).toBe(true);
    expect(same(null, "FREQ=DAILY")).toBe(false);
    expect(same("FREQ=SOMETIMES", "FREQ=DAILY")).toBe(false);
    expect(same("FREQ=SOMETIMES", "FREQ=SOMETIMES")).toBe(true);
  });
});

describe("describeRrule", () => {
  const mon = "2026-03-16T09:30:00Z";
  const cases: [string, string, string, string][] = [
    ["FREQ=WEEKLY;BYDAY=MO,WE", mon, "Todas as semanas à segunda e quarta", "Every week on Monday and Wednesday"],
    ["FREQ=WEEKLY;BYDAY=WE,MO", mon, "Todas as semanas à segunda e quarta", "Every week on Monday and Wednesday"],
    ["FREQ=WEEKLY", mon, "Todas as semanas à segunda", "Every week on Monday"],
    ["FREQ=WEEKLY;BYDAY=SA,SU", mon, "Todas as semanas ao sábado e domingo", "Every week on Saturday and Sunday"],
    ["FREQ=WEEKLY;BYDAY=MO,WE,FR", mon, "Todas as semanas à segunda, quarta e sexta", "Every week on Monday, Wednesday and Friday"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", mon, "Todos os dias úteis", "Every weekday"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", mon, "De 2 em 2 semanas à terça", "Every 2 weeks on Tuesday"],
    ["FREQ=DAILY", mon, "Todos os dias", "Every day"],
    ["FREQ=DAILY;INTERVAL=3", mon, "De 3 em 3 dias", "Every 3 days"],
    ["FREQ=MONTHLY;BYMONTHDAY=1", mon, "Todos os meses no dia 1", "Monthly on day 1"],
    ["FREQ=MONTHLY", mon, "Todos os meses no dia 16", "Monthly on day 16"],
    ["FREQ=MONTHLY;BYMONTHDAY=-1", mon, "Todos os meses no último dia", "Monthly on the last day"],
    ["FREQ=MONTHLY;BYDAY=2TU", mon, "Todos os meses na segunda terça-feira", "Monthly on the second Tuesday"],
    ["FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2", mon, "Todos os meses na segunda terça-feira", "Monthly on the second Tuesday"],
    ["FREQ=MONTHLY;BYDAY=-1FR", mon, "Todos os meses na última sexta-feira", "Monthly on the last Friday"],
    ["FREQ=MONTHLY;BYDAY=1SA", mon, "Todos os meses no primeiro sábado", "Monthly on the first Saturday"],
    ["FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15", mon, "De 3 em 3 meses no dia 15", "Every 3 months on day 15"],
    ["FREQ=YEARLY", "2026-03-05", "Todos os anos a 5 de março", "Every year on March 5"],
    ["FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25", mon, "Todos os anos a 25 de dezembro", "Every year on December 25"],
    ["FREQ=DAILY;COUNT=10", mon, "Todos os dias, 10 vezes", "Every day, 10 times"],
    ["FREQ=DAILY;COUNT=1", mon, "Todos os dias, 1 vez", "Every day, once"],
    ["FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231", mon, "Todas as semanas à segunda, até 31/12/2026", "Every week on Monday, until 12/31/2026"],
    ["FREQ=HOURLY;INTERVAL=4;COUNT=6", mon, "De 4 em 4 horas, 6 vezes", "Every 4 hours, 6 times"],
    ["FREQ=YEARLY;BYWEEKNO=20", mon, "Regra personalizada", "Custom rule"],
    ["nonsense", mon, "Regra personalizada", "Custom rule"],
  ];
  for (const [rule, start, pt, en] of cases) {
    it(`${rule} → "${pt}" / "${en}"`, () => {
      expect(describeRrule(rule, "pt", start, "Europe/Lisbon")).toBe(pt);
      expect(describeRrule(rule, "en", start, "Europe/Lisbon")).toBe(en);
    });
  }

  it("takes the weekday and the UNTIL date on the event's own clock", () => {
    // 23:30 Sunday in New York is already Monday in UTC.
    expect(describeRrule("FREQ=WEEKLY", "en", "2026-03-16T03:30:00Z", "America/New_York")).toBe("Every week on Sunday");
    expect(describeRrule("FREQ=WEEKLY", "pt", "2026-03-15T23:30:00-04:00")).toBe("Todas as semanas ao domingo");
    // UNTIL 2027-01-01T03:59:59Z is still 31 December in New York.
    expect(describeRrule("FREQ=DAILY;UNTIL=20270101T035959Z", "pt", "2026-03-16T14:00:00Z", "America/New_York")).toBe("Todos os dias, até 31/12/2026");
  });
});

describe("inputs the route must check first", () => {
  it("throws on a window bound that is not a real date or instant", () => {
    const e = timed("2026-06-01T09:00:00+01:00", "2026-06-01T09:30:00+01:00", "Europe/Lisbon", "FREQ=DAILY");
    expect(() => expandOccurrences(e, { from: "2026-02-30", to: "2026-03-02" })).toThrow(/not a real date/);
    expect(() => expandOccurrences(e, { from: "tomorrow", to: "2026-03-02" })).toThrow(/not an ISO instant/);
  });

  it("a start that does not match its rule is not an occurrence (RFC 5545 leaves it undefined; the library drops it)", () => {
    // Starts Monday 16 March with "second Tuesday": March's (the 10th) is before the start, so the
    // first occurrence is 14 April, and 16 March itself is not listed.
    const e = timed("2026-03-16T18:00:00Z", "2026-03-16T19:00:00Z", "Europe/Lisbon", "FREQ=MONTHLY;BYDAY=2TU;COUNT=2");
    expect(starts(e, "2026-03-01", "2026-05-31").map((s) => s.slice(0, 10))).toEqual(["2026-04-14", "2026-05-12"]);
  });

  it("an all-day override moves the date and keeps the occurrence identity", () => {
    const e = allDay("2026-06-01", "2026-06-02", "FREQ=WEEKLY;COUNT=3", { overrides: [{ occurrenceStart: "2026-06-08", start: "2026-06-10", end: "2026-06-12" }] });
    const items = expandOccurrences(e, { from: "2026-06-01", to: "2026-06-30", timeZone: "Pacific/Auckland" }).items;
    expect(items.map((o) => [o.occurrenceStart, o.start, o.end])).toEqual([
      ["2026-06-01", "2026-06-01", "2026-06-02"],
      ["2026-06-08", "2026-06-10", "2026-06-12"],
      ["2026-06-15", "2026-06-15", "2026-06-16"],
    ]);
  });
});

describe("local times that do not exist or happen twice (current behaviour, pinned for the module's decision)", () => {
  it("a daily 01:30 Lisbon event has no occurrence on 29 March (01:00–02:00 does not exist) and COUNT is not spent on it", () => {
    // rrule-temporal omits generated times inside a DST gap. RFC 5545 §3.3.5 would instead read
    // 01:30 with the offset before the gap (02:30 WEST), as Google Calendar shows it. Change here
    // if the module decides to resolve gaps forward.
    const e = timed("2026-03-27T01:30:00Z", "2026-03-27T02:00:00Z", "Europe/Lisbon", "FREQ=DAILY;COUNT=4");
    expect(starts(e, "2026-03-26", "2026-04-02")).toEqual(["2026-03-27T01:30:00+00:00", "2026-03-28T01:30:00+00:00", "2026-03-30T01:30:00+01:00", "2026-03-31T01:30:00+01:00"]);
  });

  it("on 25 October the repeated 01:30 is taken once, at its first (summer-time) instant", () => {
    const e = timed("2026-10-24T01:30:00+01:00", "2026-10-24T02:00:00+01:00", "Europe/Lisbon", "FREQ=DAILY;COUNT=3");
    expect(starts(e, "2026-10-23", "2026-10-28")).toEqual(["2026-10-24T01:30:00+01:00", "2026-10-25T01:30:00+01:00", "2026-10-26T01:30:00+00:00"]);
  });
});

describe("moveWithSeries: exceptions follow a series moved across a clock change", () => {
  it("a weekly Lisbon series moved a week later across 29 March keeps its exdate on an occurrence (167 hours, not 168)", () => {
    const before = timed("2026-03-23T18:00:00+00:00", "2026-03-23T19:00:00+00:00", "Europe/Lisbon", "FREQ=WEEKLY", { exdates: ["2026-04-13T18:00:00+01:00"] });
    const movedStart = "2026-03-30T18:00:00+01:00";
    const exdate = moveWithSeries(before.exdates[0], before.start, movedStart, false, "Europe/Lisbon");
    expect(exdate).toBe("2026-04-20T18:00:00+01:00");
    const after = { ...before, start: movedStart, end: "2026-03-30T19:00:00+01:00", exdates: [exdate] };
    expect(starts(after, "2026-03-30", "2026-04-27")).toEqual(["2026-03-30T18:00:00+01:00", "2026-04-06T18:00:00+01:00", "2026-04-13T18:00:00+01:00", "2026-04-27T18:00:00+01:00"]);
  });

  it("an hour later in New York, both sides of 1 November; all-day dates move by days", () => {
    expect(moveWithSeries("2026-11-10T09:00:00-05:00", "2026-10-27T09:00:00-04:00", "2026-10-27T10:00:00-04:00", false, "America/New_York")).toBe("2026-11-10T10:00:00-05:00");
    // From a summer start to a winter one (a day later, across the change): the same 09:00 the next day.
    expect(moveWithSeries("2026-11-07T09:00:00-05:00", "2026-10-31T09:00:00-04:00", "2026-11-01T09:00:00-05:00", false, "America/New_York")).toBe("2026-11-08T09:00:00-05:00");
    expect(moveWithSeries("2026-03-31", "2026-03-24", "2026-03-28", true, "Europe/Lisbon")).toBe("2026-04-04");
  });
});
