import { describe, expect, it } from "vitest";
import { nextReminderAt, reminderDay, reminderInstant } from "./reminder-times";
import type { Schedule } from "./streaks";

const daily: Schedule = { frequency: "daily" };
// Monday, Wednesday, Friday.
const mwf: Schedule = { frequency: "weekdays", weekdays: [1, 3, 5] };
const LISBON = "Europe/Lisbon";
const NEW_YORK = "America/New_York";
const ms = (iso: string) => Date.parse(iso);
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

describe("nextReminderAt", () => {
  it("is null without a reminder time", () => {
    expect(nextReminderAt(daily, null, LISBON, ms("2026-11-23T10:00:00Z"))).toBeNull();
  });

  it("a daily routine reminds later today, or tomorrow once today's time has passed", () => {
    // Monday 23 November 2026, Lisbon is on UTC (winter time).
    expect(iso(nextReminderAt(daily, "08:30", LISBON, ms("2026-11-23T07:00:00Z")))).toBe("2026-11-23T08:30:00.000Z");
    expect(iso(nextReminderAt(daily, "08:30", LISBON, ms("2026-11-23T09:00:00Z")))).toBe("2026-11-24T08:30:00.000Z");
    // Exactly at the reminder's minute (the job just sent it): the next one is the next day's.
    expect(iso(nextReminderAt(daily, "08:30", LISBON, ms("2026-11-23T08:30:00Z")))).toBe("2026-11-24T08:30:00.000Z");
  });

  it("a weekday routine reminds on its next due day only", () => {
    // Monday 09:00, reminder 08:30 already past: Wednesday 25.
    expect(iso(nextReminderAt(mwf, "08:30", LISBON, ms("2026-11-23T09:00:00Z")))).toBe("2026-11-25T08:30:00.000Z");
    // Friday evening: Monday 30 (the weekend is not due).
    expect(iso(nextReminderAt(mwf, "08:30", LISBON, ms("2026-11-27T20:00:00Z")))).toBe("2026-11-30T08:30:00.000Z");
    // Sundays only, asked on a Sunday after the time: a week later.
    expect(iso(nextReminderAt({ frequency: "weekdays", weekdays: [7] }, "08:30", LISBON, ms("2026-11-29T10:00:00Z")))).toBe("2026-12-06T08:30:00.000Z");
    // No weekday: never due.
    expect(nextReminderAt({ frequency: "weekdays", weekdays: [] }, "08:30", LISBON, ms("2026-11-29T10:00:00Z"))).toBeNull();
  });

  it("stays at the same local time across Lisbon's daylight-saving changes", () => {
    // Sunday 29 March 2026 Lisbon moves from UTC+0 to UTC+1 at 01:00; 08:00 is 08:00 UTC on
    // Saturday and 07:00 UTC from Sunday on.
    expect(iso(nextReminderAt(daily, "08:00", LISBON, ms("2026-03-28T09:00:00Z")))).toBe("2026-03-29T07:00:00.000Z");
    expect(iso(nextReminderAt(daily, "08:00", LISBON, ms("2026-03-27T09:00:00Z")))).toBe("2026-03-28T08:00:00.000Z");
    // Sunday 25 October 2026 back to UTC+0: 08:00 is 08:00 UTC again.
    expect(iso(nextReminderAt(daily, "08:00", LISBON, ms("2026-10-24T09:00:00Z")))).toBe("2026-10-25T08:00:00.000Z");
    // 01:30 does not exist on 29 March (01:00 jumps to 02:00): it comes at 02:30 local, after the gap.
    expect(iso(nextReminderAt(daily, "01:30", LISBON, ms("2026-03-28T12:00:00Z")))).toBe("2026-03-29T01:30:00.000Z");
    // 01:30 happens twice on 25 October: the first time (still UTC+1).
    expect(iso(nextReminderAt(daily, "01:30", LISBON, ms("2026-10-24T12:00:00Z")))).toBe("2026-10-25T00:30:00.000Z");
  });

  it("uses the account's zone: New York's 07:15 is 12:15 UTC in winter and 11:15 in summer", () => {
    expect(iso(nextReminderAt(daily, "07:15", NEW_YORK, ms("2026-12-01T13:00:00Z")))).toBe("2026-12-02T12:15:00.000Z");
    expect(iso(nextReminderAt(daily, "07:15", NEW_YORK, ms("2026-07-01T10:00:00Z")))).toBe("2026-07-01T11:15:00.000Z");
    // 03:00 UTC on Tuesday 24 November is still Monday 23 (22:00) in New York, after its 07:15: a
    // Monday routine's next reminder is a week later, a Tuesday one's the coming New York morning.
    expect(iso(nextReminderAt({ frequency: "weekdays", weekdays: [1] }, "07:15", NEW_YORK, ms("2026-11-24T03:00:00Z")))).toBe("2026-11-30T12:15:00.000Z");
    expect(iso(nextReminderAt({ frequency: "weekdays", weekdays: [2] }, "07:15", NEW_YORK, ms("2026-11-24T03:00:00Z")))).toBe("2026-11-24T12:15:00.000Z");
  });
});

describe("reminderDay", () => {
  it("is the account's local day of the reminder, not UTC's", () => {
    expect(reminderDay(reminderInstant("2026-11-24", "23:30", NEW_YORK), NEW_YORK)).toBe("2026-11-24");
    expect(reminderDay(reminderInstant("2026-06-10", "00:15", LISBON), LISBON)).toBe("2026-06-10");
  });
});
