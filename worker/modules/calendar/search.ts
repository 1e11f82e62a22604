import type { SearchSource } from "../../search/sources";

/**
 * Events in the global search: single events and series, not their one-occurrence edits (rows with
 * a `series_id`, which the series already stands for). Opens the calendar on the event's day: the
 * link names only the event, and the calendar's loader finds the day in the user's zone (the index
 * holds the date in the event's own zone, which is another day when the zones differ enough).
 */
export const eventSearch: SearchSource = {
  type: "event",
  table: "events",
  title: "title",
  body: "trim(description || ' ' || location)",
  date: "substr(start, 1, 10)",
  recency: "starts_at",
  where: "series_id is null",
  present: (doc) => ({ url: `/app/calendario?event=${doc.itemId}` }),
};
