/** Self-care's fixed vocabulary, shared by the schema, the API and the screens (no table access). */
export const ROUTINE_CATEGORIES = ["mind", "body", "movement", "rest", "nutrition", "social", "other"] as const;
export type RoutineCategory = (typeof ROUTINE_CATEGORIES)[number];
export const FREQUENCIES = ["daily", "weekdays"] as const;
