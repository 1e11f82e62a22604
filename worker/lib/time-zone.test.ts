import { describe, expect, it } from "vitest";
import { inQuietHours, startOfDate, startOfLocalDay } from "./time-zone";

describe("time zones", () => {
  it("finds the start of the local day", () => {
    expect(startOfLocalDay(new Date("2026-07-10T12:30:00Z"), "Europe/Lisbon").toISOString()).toBe("2026-07-09T23:00:00.000Z");
    expect(startOfLocalDay(new Date("2026-01-10T00:30:00Z"), "America/New_York").toISOString()).toBe("2026-01-09T05:00:00.000Z");
  });

  it("starts a DST change day at its own midnight, not at the offset of the moment asked", () => {
    // Los Angeles: 1 November 2026 began in summer time (UTC−7) and ends in winter time (UTC−8).
    expect(startOfLocalDay(new Date("2026-11-01T18:00:00Z"), "America/Los_Angeles").toISOString()).toBe("2026-11-01T07:00:00.000Z");
    // 8 March 2026 began in winter time (UTC−8), summer time from 02:00.
    expect(startOfLocalDay(new Date("2026-03-08T20:00:00Z"), "America/Los_Angeles").toISOString()).toBe("2026-03-08T08:00:00.000Z");
    // Lisbon, 29 March 2026 (clocks forward at 01:00) and 25 October (back at 02:00).
    expect(startOfLocalDay(new Date("2026-03-29T22:00:00Z"), "Europe/Lisbon").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(startOfLocalDay(new Date("2026-10-25T12:00:00Z"), "Europe/Lisbon").toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });

  it("starts a day whose midnight the clocks skip when the day begins", () => {
    // Santiago de Chile moves from 00:00 to 01:00 on 6 September 2026: the day begins at 01:00 (UTC−3).
    expect(startOfDate("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(startOfLocalDay(new Date("2026-09-06T15:00:00Z"), "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(startOfDate("2026-09-07", "America/Santiago").toISOString()).toBe("2026-09-07T03:00:00.000Z");
  });

  it("tells quiet hours in the user's zone, across midnight", () => {
    // 23:30 in Lisbon (summer, UTC+1).
    const lateNight = new Date("2026-07-10T22:30:00Z");
    expect(inQuietHours(lateNight, "Europe/Lisbon", "22:00", "07:00")).toBe(true);
    expect(inQuietHours(lateNight, "UTC", "22:00", "07:00")).toBe(true);
    expect(inQuietHours(lateNight, "Asia/Tokyo", "22:00", "07:00")).toBe(false);
    expect(inQuietHours(lateNight, "Europe/Lisbon", "13:00", "14:00")).toBe(false);
    expect(inQuietHours(lateNight, "Europe/Lisbon", null, null)).toBe(false);
    expect(inQuietHours(new Date("2026-07-10T06:59:00Z"), "UTC", "22:00", "07:00")).toBe(true);
    expect(inQuietHours(new Date("2026-07-10T07:00:00Z"), "UTC", "22:00", "07:00")).toBe(false);
  });
});
