import { describe, expect, it } from "vitest";
import { onThisDay, onThisDayAt, yearsAgo } from "./on-this-day";

describe("onThisDay", () => {
  it("is the same month and day in every earlier year", () => {
    expect(onThisDay("2026-12-07")).toEqual({ monthDays: ["12-07"], before: "2026-01-01" });
  });

  it("shows 29 February's entries on 28 February of a common year, beside the 28th's", () => {
    expect(onThisDay("2027-02-28")).toEqual({ monthDays: ["02-28", "02-29"], before: "2027-01-01" });
    // 2100 is no leap year (a century), 2000 was (divisible by 400).
    expect(onThisDay("2100-02-28").monthDays).toEqual(["02-28", "02-29"]);
    expect(onThisDay("2000-02-28").monthDays).toEqual(["02-28"]);
  });

  it("on 29 February of a leap year shows that day only, and 1 March stays its own day", () => {
    expect(onThisDay("2028-02-29").monthDays).toEqual(["02-29"]);
    expect(onThisDay("2028-02-28").monthDays).toEqual(["02-28"]);
    expect(onThisDay("2027-03-01").monthDays).toEqual(["03-01"]);
  });

  it("at the year's ends: 1 January looks at earlier years' 1 January, 31 December at theirs, never this year", () => {
    expect(onThisDay("2027-01-01")).toEqual({ monthDays: ["01-01"], before: "2027-01-01" });
    expect(onThisDay("2026-12-31")).toEqual({ monthDays: ["12-31"], before: "2026-01-01" });
  });

  it("is the account's day in its time zone", () => {
    // 23:30 UTC on 31 December 2026 is still 31 December in Lisbon (UTC+0 in winter).
    const lateOnNewYearsEve = new Date("2026-12-31T23:30:00Z");
    expect(onThisDayAt(lateOnNewYearsEve, "Europe/Lisbon")).toEqual({ monthDays: ["12-31"], before: "2026-01-01" });
    // In Tokyo (UTC+9) that instant is 1 January 2027: a new year, looking at earlier New Year's Days.
    expect(onThisDayAt(lateOnNewYearsEve, "Asia/Tokyo")).toEqual({ monthDays: ["01-01"], before: "2027-01-01" });
    // 1 March 2027 02:00 UTC is still 28 February in New York (UTC-5): 29 February's entries show.
    expect(onThisDayAt(new Date("2027-03-01T02:00:00Z"), "America/New_York").monthDays).toEqual(["02-28", "02-29"]);
    expect(onThisDayAt(new Date("2027-03-01T02:00:00Z"), "Europe/Lisbon").monthDays).toEqual(["03-01"]);
  });
});

describe("yearsAgo", () => {
  it("counts calendar years back", () => {
    expect(yearsAgo("2025-12-07", "2026-12-07")).toBe(1);
    expect(yearsAgo("2024-02-29", "2027-02-28")).toBe(3);
    expect(yearsAgo("2016-01-01", "2026-01-01")).toBe(10);
  });
});
