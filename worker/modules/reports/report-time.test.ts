import { describe, expect, it } from "vitest";
import { isReportTimeIn, reportTimeSomewhere, zonesAtReportTime } from "./report-time";

const ZONES = ["America/Los_Angeles", "Europe/Lisbon", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "UTC"];
const at = (iso: string) => zonesAtReportTime(new Date(iso), ZONES);

describe("which zones are at Monday 07:00 at an instant", () => {
  it("takes each zone on its own Monday: Kiritimati and Tokyo while it is still Sunday in UTC, Pago Pago on Monday evening", () => {
    // The week of 23–29 November 2026 ends on each clock at a different instant.
    expect(at("2026-11-29T17:00:00Z")).toEqual(["Pacific/Kiritimati"]); // UTC+14
    expect(at("2026-11-29T22:00:00Z")).toEqual(["Asia/Tokyo"]); // UTC+9
    expect(at("2026-11-30T07:00:00Z")).toEqual(["Europe/Lisbon", "UTC"]); // WET = UTC in winter
    expect(at("2026-11-30T15:00:00Z")).toEqual(["America/Los_Angeles"]); // PST, UTC−8
    expect(at("2026-11-30T18:00:00Z")).toEqual(["Pacific/Pago_Pago"]); // UTC−11
  });

  it("finds the zones at half and three-quarter hours in the quarter-hour run that is their 07:00", () => {
    expect(at("2026-11-30T01:30:00Z")).toEqual(["Asia/Kolkata"]); // UTC+5:30
    expect(at("2026-11-30T01:15:00Z")).toEqual(["Asia/Kathmandu"]); // UTC+5:45
    expect(at("2026-11-29T17:15:00Z")).toEqual(["Pacific/Chatham"]); // UTC+13:45 in its summer
  });

  it("is 07:00 in Los Angeles neither at Lisbon's 07:00 (Sunday 23:00 there) nor in the quarter-hours around its own", () => {
    const la = (iso: string) => isReportTimeIn(new Date(iso), "America/Los_Angeles");
    expect(la("2026-11-30T07:00:00Z")).toBe(false);
    expect(la("2026-11-30T14:45:00Z")).toBe(false); // 06:45
    expect(la("2026-11-30T15:00:00Z")).toBe(true); // 07:00
    expect(la("2026-11-30T15:14:59Z")).toBe(true);
    expect(la("2026-11-30T15:15:00Z")).toBe(false); // 07:15: the next run is not 07:00 again
    expect(la("2026-12-01T15:00:00Z")).toBe(false); // Tuesday
  });

  it("follows each zone's daylight-saving time on the Monday after the change", () => {
    // Los Angeles springs forward on Sunday 8 March 2026: Monday 07:00 PDT is 14:00 UTC.
    expect(at("2026-03-09T14:00:00Z")).toEqual(["America/Los_Angeles"]);
    expect(at("2026-03-09T15:00:00Z")).toEqual([]);
    // And falls back on Sunday 1 November: Monday 07:00 PST is 15:00 UTC.
    expect(at("2026-11-02T14:00:00Z")).toEqual([]);
    expect(at("2026-11-02T15:00:00Z")).toEqual(["America/Los_Angeles"]);
    // Lisbon: summer time from Sunday 29 March (06:00 UTC on Monday 30), winter from Sunday 25 October.
    expect(at("2026-03-30T06:00:00Z")).toEqual(["Europe/Lisbon"]);
    expect(at("2026-03-30T07:00:00Z")).toEqual(["UTC"]);
    expect(at("2026-10-26T06:00:00Z")).toEqual([]);
    expect(at("2026-10-26T07:00:00Z")).toEqual(["Europe/Lisbon", "UTC"]);
    // Chatham leaves its summer time in April: Monday 07:00 is then UTC+12:45, 18:15 UTC on Sunday.
    expect(at("2026-04-12T18:15:00Z")).toEqual(["Pacific/Chatham"]);
  });

  it("skips a zone this runtime does not know instead of failing the others", () => {
    expect(zonesAtReportTime(new Date("2026-11-30T07:00:00Z"), ["Lisboa/Portugal", "Europe/Lisbon", "Europe/Lisbon"])).toEqual(["Europe/Lisbon"]);
  });
});

describe("whether any zone can be at Monday 07:00", () => {
  it("is so from Sunday 17:00 UTC (Kiritimati) to Monday 19:14 UTC (UTC−12), not outside", () => {
    const somewhere = (iso: string) => reportTimeSomewhere(new Date(iso));
    expect(somewhere("2026-11-29T16:45:00Z")).toBe(false);
    expect(somewhere("2026-11-29T17:00:00Z")).toBe(true);
    expect(somewhere("2026-11-30T07:00:00Z")).toBe(true);
    expect(somewhere("2026-11-30T19:00:00Z")).toBe(true);
    expect(somewhere("2026-11-30T19:15:00Z")).toBe(false);
    expect(somewhere("2026-12-02T07:00:00Z")).toBe(false);
  });
});
