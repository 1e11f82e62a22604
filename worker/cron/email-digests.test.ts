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
});
