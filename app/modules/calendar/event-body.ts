/**
 * How the event dialog's draft maps to the API. Only the dialog sends one: apart from the draft
 * (event-draft.ts), which the screen imports, so the recurrence rules this needs load with the
 * dialog, not with the screen (decision 0049).
 */
import { type EventDraft, minutesOf } from "./event-draft";
import { addDays, instantAt, isoInZone } from "./layout";
import { fromRrule, toRrule, type Repeat } from "./recurrence-form";

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

/**
 * Whether saving `draft` sends its rule: only when what the repeat editor writes is not what it
 * wrote when the dialog opened on `opened` (its settings, or the start date, zone or all-day flag the
 * rule is written against, changed). Otherwise the server keeps the stored rule as it is: the
 * editor rewrites an imported rule in its own words, and it shows the whole series' COUNT, which
 * would undo the shorter COUNT "this and the following" gives the new series (decision 0071).
 */
export function ruleEdited(opened: EventDraft, draft: EventDraft, repeat: Repeat): boolean {
  if (!draft.id) return true;
  if (draft.allDay !== opened.allDay || draft.timeZone !== opened.timeZone) return true;
  return toRrule(repeat, draft.startDate) !== toRrule(fromRrule(opened.rrule, opened.timeZone), opened.startDate);
}

/** The API's fields of an event (POST /events, PATCH /events/:id). */
export type EventBody = ReturnType<typeof bodyOf>;

/** Checked together by the server, and the rule against them: sent as one group. */
const TIME_FIELDS = ["start", "end", "allDay", "timeZone"] as const satisfies (keyof EventBody)[];

/**
 * The fields saving an edit sends: those of `body` that differ from `opened` (the dialog's draft as
 * it opened), so a field left alone cannot undo what another device changed meanwhile. The times go
 * as a group, all of them when any changed or the rule is sent (`sendsRule`, see ruleEdited).
 */
export function editedEventFields(body: EventBody, opened: EventBody, sendsRule: boolean): (keyof EventBody)[] {
  const grouped: readonly (keyof EventBody)[] = [...TIME_FIELDS, "rrule"];
  const fields = (Object.keys(body) as (keyof EventBody)[]).filter((key) => !grouped.includes(key) && JSON.stringify(body[key]) !== JSON.stringify(opened[key]));
  if (sendsRule || TIME_FIELDS.some((key) => body[key] !== opened[key])) fields.push(...TIME_FIELDS);
  if (sendsRule) fields.push("rrule");
  return fields;
}

/** `body` with only `fields`. */
export const fieldsOf = (body: EventBody, fields: (keyof EventBody)[]): Partial<EventBody> => Object.fromEntries(fields.map((key) => [key, body[key]]));
