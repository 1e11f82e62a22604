import { describe, expect, it } from "vitest";
import { occurrencePath, queuedEvents, withQueuedEventEdits, type ShownEvent } from "./queued-events";

const base = { description: "", location: "", timeZone: "Europe/Lisbon", rrule: null, reminderMinutes: null, busy: true };
const dentist: ShownEvent = { ...base, id: "e1", occurrenceStart: "2026-12-02T09:00:00Z", title: "Dentista", start: "2026-12-02T09:00:00Z", end: "2026-12-02T10:00:00Z", allDay: false, recurring: false };
const swim: ShownEvent = { ...base, id: "s1", occurrenceStart: "2026-11-30T18:00:00Z", title: "Natação", start: "2026-11-30T18:00:00Z", end: "2026-11-30T19:00:00Z", allDay: false, recurring: true, rrule: "FREQ=WEEKLY" };
const change = (kind: "event.create" | "event.update", path: string, body: Record<string, unknown>, extra: { status?: "pending" | "failed"; tempId?: string } = {}) => ({ kind, path, body, status: "pending" as const, ...extra });

describe("the calendar's events while changes made offline wait", () => {
  it("draws an event moved and renamed offline where and as it will be", () => {
    const shown = withQueuedEventEdits(dentist, [change("event.update", "/events/e1", { title: "Dentista (Dr. Silva)" }), change("event.update", "/events/e1", { start: "2026-12-03T09:00:00Z", end: "2026-12-03T10:00:00Z" })]);
    expect(shown).toMatchObject({ title: "Dentista (Dr. Silva)", start: "2026-12-03T09:00:00Z", end: "2026-12-03T10:00:00Z", occurrenceStart: "2026-12-02T09:00:00Z" });
  });

  it("does not draw a refused edit, nor another event's", () => {
    const shown = withQueuedEventEdits(dentist, [change("event.update", "/events/e1", { title: "Recusado" }, { status: "failed" }), change("event.update", "/events/e10", { title: "Outro" })]);
    expect(shown.title).toBe("Dentista");
  });

  it("changes one occurrence with its own edit, and every occurrence's words (never its times) with the series'", () => {
    const changes = [
      change("event.update", "/events/s1", { title: "Natação livre", start: "2026-11-23T19:00:00Z", end: "2026-11-23T20:00:00Z" }),
      change("event.update", occurrencePath("s1", "2026-11-30T18:00:00Z"), { start: "2026-11-30T18:30:00Z", end: "2026-11-30T19:30:00Z" }),
    ];
    expect(withQueuedEventEdits(swim, changes)).toMatchObject({ title: "Natação livre", start: "2026-11-30T18:30:00Z", end: "2026-11-30T19:30:00Z" });
    const nextWeek = { ...swim, occurrenceStart: "2026-12-07T18:00:00Z", start: "2026-12-07T18:00:00Z", end: "2026-12-07T19:00:00Z" };
    expect(withQueuedEventEdits(nextWeek, changes)).toMatchObject({ title: "Natação livre", start: "2026-12-07T18:00:00Z", end: "2026-12-07T19:00:00Z" });
  });

  it("draws an event created offline at its start, under its temporary id, with the edits queued behind it", () => {
    const changes = [
      change("event.create", "/events", { title: "Jantar", start: "2026-12-04T19:00:00Z", end: "2026-12-04T21:00:00Z", allDay: false, timeZone: "UTC", busy: false }, { tempId: "offline-k1" }),
      change("event.update", "/events/offline-k1", { title: "Jantar com a Ana" }),
      change("event.update", "/events/e1", { title: "Não é uma criação" }),
    ];
    expect(queuedEvents(changes, "Europe/Lisbon")).toEqual([
      {
        ...base,
        id: "offline-k1",
        occurrenceStart: "2026-12-04T19:00:00Z",
        title: "Jantar com a Ana",
        start: "2026-12-04T19:00:00Z",
        end: "2026-12-04T21:00:00Z",
        allDay: false,
        timeZone: "UTC",
        recurring: false,
        busy: false,
        queued: true,
      },
    ]);
  });
});
