/**
 * The calendar's events as the screen draws them while changes made offline wait in the queue
 * (app/lib/offline): the loader (or the cache, offline) has the server's events, without the ones
 * created offline and with the old words and times of the ones changed offline. No import of the
 * queue itself (only its snapshot's rows): this is part of the screen's first load.
 */
import type { OccurrenceItem } from "@worker/modules/calendar/queries";
import type { QueuedChange } from "~/lib/offline/queue";
import { pendingFields } from "~/lib/offline/pending-fields";

/** An event (or one occurrence of a series) as GET /events lists it (its own `modified` aside). */
export type ShownEvent = Omit<OccurrenceItem, "modified"> & {
  /** Created offline, not sent yet: its id is the queue's temporary one. */
  queued?: boolean;
};

type Change = Pick<QueuedChange, "kind" | "path" | "status" | "body" | "tempId">;

/** What a queued edit of one event or occurrence may change of how it is drawn. */
const DRAWN = ["title", "description", "location", "start", "end", "allDay", "reminderMinutes", "busy"] as const satisfies (keyof ShownEvent)[];
const SERIES_TIMES: readonly string[] = ["start", "end", "allDay"];

/** The path an edit of only this occurrence of a series goes to (the event dialog's). */
export const occurrencePath = (id: string, occurrenceStart: string) => `/events/${id}?occurrence=${encodeURIComponent(occurrenceStart)}&scope=one`;

/**
 * An event with the queued edits of it: its own (a one-off event, or an event created offline,
 * whose later edits fold into its creation or queue behind it), and those of its occurrence. An
 * edit of a whole series changes only its words here: its times are the series', not this
 * occurrence's (and a series' times changed from one occurrence are not kept offline).
 */
export function withQueuedEventEdits<E extends ShownEvent>(event: E, changes: readonly Change[]): E {
  const whole = pendingFields<ShownEvent>(changes, `/events/${event.id}`, event.recurring ? DRAWN.filter((field) => !SERIES_TIMES.includes(field)) : DRAWN);
  const one = event.recurring ? pendingFields<ShownEvent>(changes, occurrencePath(event.id, event.occurrenceStart), DRAWN) : {};
  return { ...event, ...whole, ...one };
}

/**
 * The events created offline, waiting or refused, each at its own start: a repeating one is drawn
 * once, at its first occurrence (the server expands its rule once it has it). Refused ones stay
 * drawn, as in the list of changes, until they are corrected or discarded.
 */
export function queuedEvents(changes: readonly Change[], timeZone: string): ShownEvent[] {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return changes
    .filter((change) => change.kind === "event.create" && change.tempId && typeof change.body.start === "string" && typeof change.body.end === "string")
    .map((change) => {
      const body = change.body;
      const start = text(body.start);
      return withQueuedEventEdits(
        {
          id: change.tempId!,
          occurrenceStart: start,
          title: text(body.title),
          description: text(body.description),
          location: text(body.location),
          start,
          end: text(body.end),
          allDay: body.allDay === true,
          timeZone: text(body.timeZone) || timeZone,
          recurring: false,
          rrule: typeof body.rrule === "string" ? body.rrule : null,
          reminderMinutes: typeof body.reminderMinutes === "number" ? body.reminderMinutes : null,
          busy: body.busy !== false,
          queued: true,
        },
        changes,
      );
    });
}
