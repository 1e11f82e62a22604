import { describe, expect, it } from "vitest";
import { draftOf, withStart } from "./event-draft";

// Tuesday 8 December 2026, 10:00–11:00 in Lisbon.
const dentist = draftOf({ id: "e2", title: "Dentista", start: "2026-12-08T10:00:00+00:00", end: "2026-12-08T11:00:00+00:00", allDay: false, timeZone: "Europe/Lisbon" });
const times = (d: ReturnType<typeof withStart>) => [d.startDate, d.startTime, d.endDate, d.endTime];

describe("a new start in the event dialog", () => {
  it("moves the end by as much: a day earlier is the same hour that day, not a 25-hour event", () => {
    expect(times(withStart(dentist, { startDate: "2026-12-07" }))).toEqual(["2026-12-07", "10:00", "2026-12-07", "11:00"]);
    expect(times(withStart(dentist, { startDate: "2026-12-14" }))).toEqual(["2026-12-14", "10:00", "2026-12-14", "11:00"]);
  });

  it("keeps the length when the start time changes, over midnight too", () => {
    expect(times(withStart(dentist, { startTime: "14:30" }))).toEqual(["2026-12-08", "14:30", "2026-12-08", "15:30"]);
    expect(times(withStart(dentist, { startTime: "23:30" }))).toEqual(["2026-12-08", "23:30", "2026-12-09", "00:30"]);
    // Across the end of a month and a year.
    const party = draftOf({ title: "Passagem de ano", start: "2026-12-31T21:00:00+00:00", end: "2027-01-01T02:00:00+00:00", allDay: false, timeZone: "Europe/Lisbon" });
    expect(times(withStart(party, { startTime: "22:00" }))).toEqual(["2026-12-31", "22:00", "2027-01-01", "03:00"]);
  });

  it("moves an all-day event's last day with its first", () => {
    const trip = draftOf({ title: "Viagem", start: "2026-12-11", end: "2026-12-14", allDay: true, timeZone: "Europe/Lisbon" });
    expect([trip.startDate, trip.endDate]).toEqual(["2026-12-11", "2026-12-13"]);
    const moved = withStart(trip, { startDate: "2026-12-30" });
    expect([moved.startDate, moved.endDate]).toEqual(["2026-12-30", "2027-01-01"]);
  });

  it("leaves the end alone when the start time is cleared or the end was already before the start", () => {
    expect(times(withStart(dentist, { startTime: "" }))).toEqual(["2026-12-08", "", "2026-12-08", "11:00"]);
    const backwards = { ...dentist, endTime: "09:00" };
    expect(times(withStart(backwards, { startTime: "08:00" }))).toEqual(["2026-12-08", "08:00", "2026-12-08", "09:00"]);
    expect(times(withStart(backwards, { startDate: "2026-12-10" }))).toEqual(["2026-12-10", "10:00", "2026-12-10", "09:00"]);
  });
});
