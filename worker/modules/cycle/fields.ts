/** What a logged day may hold: the fixed lists and limits the API checks and the screen offers. */
export { FLOWS, type Flow } from "./predictions";

/** The fixed symptom list (translated in app/locales/{pt,en}/cycle.ts). */
export const SYMPTOMS = [
  "cramps",
  "headache",
  "bloating",
  "breastTenderness",
  "backPain",
  "acne",
  "fatigue",
  "nausea",
  "cravings",
  "moodSwings",
  "insomnia",
  "dizziness",
] as const;
export type Symptom = (typeof SYMPTOMS)[number];

/** Longest note of a day (a day's note, not a diary entry: the diary takes 20,000). */
export const MAX_NOTES = 2000;

/**
 * The earliest day a log may have: a year typed wrong ("0226") had made a cycle of centuries,
 * listed among those left out and on no month the calendar reaches by paging, so hard to delete.
 */
export const FIRST_DATE = "1900-01-01";

/**
 * The longest period logged at once (POST /cycle/days/range): 14 days, one under the shortest
 * cycle the prediction counts (MIN_CYCLE_DAYS, 15). Bleeding for longer is no period the module
 * can tell from the next one, and a range that long is far more often a mistyped date (docs/decisions/0105).
 */
export const MAX_PERIOD_DAYS = 14;
