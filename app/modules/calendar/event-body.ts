/**
 * How the event dialog's draft maps to the API. Only the dialog sends one: apart from the draft
 * (event-draft.ts), which the screen imports, so the recurrence rules this needs load with the
 * dialog, not with the screen (decision 0049).
 */
import { type EventDraft, minutesOf } from "./event-draft";
import { addDays, instantAt, isoInZone } from "./layout";
import { toRrule, type Repeat } from "./recurrence-form";

/** The API body of a draft (instants with the event zone's offset; all-day end exclusive). */
export function bodyOf(draft: EventDraft, repeat: Repeat) {
  const tz = draft.timeZone;
  const untilInstant =
    repeat.ends === "until" && repeat.until && !draft.allDay
      ? new Date(instantAt(addDays(repeat.until, 1), 0, tz) - 1000).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")
      : undefined;
  const times = draft.allDay
    ? { start: draft.startDate, end: addDays(draft.endDate, 1) }
    : { start: isoInZone(instantAt(draft.startDate, minutesOf(draft.startTime), tz), tz), end: isoInZone(instantAt(draft.endDate, minutesOf(draft.endTime), tz), tz) };
  return {
    title: draft.title,
    description: draft.description,
    location: draft.location,
    allDay: draft.allDay,
    timeZone: tz,
    reminderMinutes: draft.reminderMinutes,
    busy: draft.busy,
    rrule: toRrule(repeat, draft.startDate, untilInstant),
    ...times,
  };
}
