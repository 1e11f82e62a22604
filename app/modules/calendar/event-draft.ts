/**
 * The event dialog's draft, apart from the dialog itself so the calendar screen can make one
 * without loading the dialog (decision 0042: the dialog loads on first use). How a draft maps to
 * the API is the dialog's alone (event-body.ts).
 */
import { addDays, daysBetween, wallOf } from "./layout";

/** What the dialog edits: a new event's draft, or an existing occurrence/series. */
export type EventDraft = {
  id?: string;
  occurrenceStart?: string;
  recurring?: boolean;
  title: string;
  description: string;
  location: string;
  allDay: boolean;
  /** Local wall clock in `timeZone`: dates YYYY-MM-DD (end inclusive for all-day), times HH:mm. */
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timeZone: string;
  reminderMinutes: number | null;
  busy: boolean;
  rrule: string | null;
};

export type Scope = "one" | "following" | "all";

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
export const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
};

/** A draft from an API event or occurrence (times on the event's own zone's wall clock). */
export function draftOf(event: { id?: string; occurrenceStart?: string; recurring?: boolean; title: string; description?: string; location?: string; start: string; end: string; allDay: boolean; timeZone: string; reminderMinutes?: number | null; busy?: boolean; rrule?: string | null }): EventDraft {
  const base = {
    id: event.id,
    occurrenceStart: event.occurrenceStart,
    recurring: event.recurring,
    title: event.title,
    description: event.description ?? "",
    location: event.location ?? "",
    allDay: event.allDay,
    timeZone: event.timeZone,
    reminderMinutes: event.reminderMinutes ?? null,
    busy: event.busy ?? true,
    rrule: event.rrule ?? null,
  };
  if (event.allDay) return { ...base, startDate: event.start, endDate: addDays(event.end, -1) < event.start ? event.start : addDays(event.end, -1), startTime: "09:00", endTime: "10:00" };
  const s = wallOf(event.start, event.timeZone);
  const e = wallOf(event.end, event.timeZone);
  return { ...base, startDate: s.date, startTime: hhmm(s.minutes), endDate: e.date, endTime: hhmm(e.minutes) };
}

/** A wall-clock date and time as minutes from 1970-01-01 00:00 (a count to add and subtract, not an instant). */
const wallMinutes = (date: string, time: string) => Date.parse(`${date}T00:00:00Z`) / 60_000 + minutesOf(time);

/**
 * The draft with a new start date or time, its end moved by as much, as calendar apps do: an event
 * moved to the day before keeps its hour rather than stretching over two days, and a later start
 * time does not leave it ending before it starts. The end's own fields still change the length.
 * A start time cleared, or an end already before the start, leaves the end where it is.
 */
export function withStart(draft: EventDraft, change: { startDate?: string; startTime?: string }): EventDraft {
  const startDate = change.startDate ?? draft.startDate;
  const startTime = change.startTime ?? draft.startTime;
  const next = { ...draft, startDate, startTime };
  if (draft.allDay) {
    const days = daysBetween(draft.startDate, draft.endDate);
    return { ...next, endDate: addDays(startDate, Math.max(0, days)) };
  }
  if (!startTime || !draft.startTime || !draft.endTime) return next;
  const length = wallMinutes(draft.endDate, draft.endTime) - wallMinutes(draft.startDate, draft.startTime);
  if (length < 0) return { ...next, endDate: startDate > draft.endDate ? startDate : draft.endDate };
  const end = wallMinutes(startDate, startTime) + length;
  const endDate = new Date(end * 60_000).toISOString().slice(0, 10);
  return { ...next, endDate, endTime: hhmm(end - wallMinutes(endDate, "00:00")) };
}
