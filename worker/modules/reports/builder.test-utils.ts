import type { WeekFacts } from "./builder";

/** The facts of a week in Lisbon (by default that of Monday 16 November 2026) with nothing in it but `over`. */
export const weekFacts = (over: Partial<WeekFacts> = {}): WeekFacts => ({
  weekStart: "2026-11-16",
  timeZone: "Europe/Lisbon",
  tasks: { createdAt: [], completedAt: [] },
  goals: [],
  events: [],
  diary: [],
  spending: { week: {}, previous: {}, labels: {} },
  routines: [],
  cycle: null,
  ...over,
});
