import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl";

describe("shared Intl formatters", () => {
  it("makes one formatter per locale and options, and formats as Intl does", () => {
    const euros = { style: "currency", currency: "EUR", useGrouping: "always" } as const;
    const first = numberFormat("pt-PT", euros);
    // The same object each time (equal options, not the same options object).
    for (let i = 0; i < 50; i++) expect(numberFormat("pt-PT", { ...euros })).toBe(first);
    expect(first.format(1234.5)).toBe(new Intl.NumberFormat("pt-PT", euros).format(1234.5));
    // Another locale or other options: another formatter.
    expect(numberFormat("en-US", euros)).not.toBe(first);
    expect(numberFormat("pt-PT", { ...euros, useGrouping: "auto" })).not.toBe(first);
  });

  it("keeps date formatters apart by time zone", () => {
    const lisbon = dateTimeFormat("pt-PT", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit" });
    const tokyo = dateTimeFormat("pt-PT", { timeZone: "Asia/Tokyo", hour: "2-digit", minute: "2-digit" });
    expect(lisbon).not.toBe(tokyo);
    const noonUtc = new Date("2026-11-27T12:00:00Z");
    expect(lisbon.format(noonUtc)).toBe("12:00");
    expect(tokyo.format(noonUtc)).toBe("21:00");
    expect(dateTimeFormat("pt-PT", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit" })).toBe(lisbon);
  });

  it("does not grow without end when users bring many time zones", () => {
    const zones = Intl.supportedValuesOf("timeZone");
    const first = dateTimeFormat("en-GB", { timeZone: zones[0] });
    // Two option sets per zone: well over the limit of 500.
    for (const timeZone of zones.slice(1)) for (const hour of ["numeric", "2-digit"] as const) dateTimeFormat("en-GB", { timeZone, hour });
    // Past the limit the cache started again: the first zone's formatter is made anew, and works.
    const again = dateTimeFormat("en-GB", { timeZone: zones[0] });
    expect(again).not.toBe(first);
    expect(again.resolvedOptions().timeZone).toBe(first.resolvedOptions().timeZone);
  });

  it("writes plain spaces where engines differ, so the server's text hydrates in every browser", () => {
    // Node's (and the Worker's) V8 writes a thin space around the range's dash and a narrow
    // no-break space before AM in a range; Chromium writes plain spaces (React #418 on /app/financas).
    const days = dateTimeFormat("en-US", { day: "numeric", month: "long", timeZone: "UTC" });
    expect(days.formatRange(new Date("2026-11-01T12:00:00Z"), new Date("2026-11-06T12:00:00Z"))).toBe("November 1 – 6");
    const hours = dateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    expect(hours.formatRange(new Date("2026-11-01T09:00:00Z"), new Date("2026-11-01T11:00:00Z"))).toBe("9:00 – 11:00 AM");
    expect(hours.format(new Date("2026-11-01T21:30:00Z"))).toBe("9:30 PM");
    // Still a DateTimeFormat, with `format` bound as the platform's is.
    expect(hours).toBeInstanceOf(Intl.DateTimeFormat);
    expect([new Date("2026-11-01T09:00:00Z")].map(hours.format)).toEqual(["9:00 AM"]);
    expect(hours.formatToParts(new Date("2026-11-01T09:00:00Z")).map((part) => part.type)).toContain("dayPeriod");
  });
});
