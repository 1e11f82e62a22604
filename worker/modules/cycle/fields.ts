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
