import { describe, expect, it } from "vitest";
import { digestPeriod } from "./email-digests";

describe("digestPeriod", () => {
  it("is due from 08:00 local time, keyed by the local date", () => {
    // Lisbon is UTC in January; Azores is UTC−1.
    expect(digestPeriod("daily", new Date("2026-01-15T07:59:00Z"), "Europe/Lisbon")).toBeNull();
    expect(digestPeriod("daily", new Date("2026-01-15T08:00:00Z"), "Europe/Lisbon")?.key).toBe("daily:2026-01-15");
    expect(digestPeriod("daily", new Date("2026-01-15T08:30:00Z"), "Atlantic/Azores")).toBeNull();
    expect(digestPeriod("daily", new Date("2026-01-15T23:30:00Z"), "Asia/Tokyo")?.key).toBe("daily:2026-01-16");
  });

  it("sends weekly digests on Mondays only, covering the week before", () => {
    const monday = new Date("2026-01-12T09:00:00Z");
    expect(digestPeriod("weekly", monday, "Europe/Lisbon")).toEqual({ key: "weekly:2026-01-12", since: new Date("2026-01-05T09:00:00Z") });
    expect(digestPeriod("weekly", new Date("2026-01-13T09:00:00Z"), "Europe/Lisbon")).toBeNull();
  });

  it("covers since the same local time the day (week) before on clock-change days, not 24 hours (168) back", () => {
    // Lisbon falls back on 25 October 2026 (02:00 WEST → 01:00 WET): 08:00 on the 25th is 25 hours
    // after 08:00 on the 24th, and the hour 08:00–09:00 of the 24th was in no digest.
    expect(digestPeriod("daily", new Date("2026-10-25T08:00:00Z"), "Europe/Lisbon")).toEqual({ key: "daily:2026-10-25", since: new Date("2026-10-24T07:00:00Z") });
    // Springing forward (29 March) the day has 23 hours: the hour before yesterday's digest is not mailed again.
    expect(digestPeriod("daily", new Date("2026-03-29T07:00:00Z"), "Europe/Lisbon")).toEqual({ key: "daily:2026-03-29", since: new Date("2026-03-28T08:00:00Z") });
    // New York's week of 1 November 2026 (fall back) has 169 hours.
    expect(digestPeriod("weekly", new Date("2026-11-02T13:15:00Z"), "America/New_York")).toEqual({ key: "weekly:2026-11-02", since: new Date("2026-10-26T12:15:00Z") });
    // A zone without clock changes is unchanged: exactly 24 hours.
    expect(digestPeriod("daily", new Date("2026-10-25T18:00:00Z"), "Pacific/Kiritimati")).toEqual({ key: "daily:2026-10-26", since: new Date("2026-10-24T18:00:00Z") });
  });
});
