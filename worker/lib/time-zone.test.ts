import { describe, expect, it } from "vitest";
import { inQuietHours, startOfLocalDay } from "./time-zone";

describe("time zones", () => {
  it("finds the start of the local day", () => {
    expect(startOfLocalDay(new Date("2026-07-10T12:30:00Z"), "Europe/Lisbon").toISOString()).toBe("2026-07-09T23:00:00.000Z");
    expect(startOfLocalDay(new Date("2026-01-10T00:30:00Z"), "America/New_York").toISOString()).toBe("2026-01-09T05:00:00.000Z");
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
