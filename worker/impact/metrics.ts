/**
 * The impact dashboard's figures, exactly as section 9 of the specification (DECISIONS.md: "the
 * formulas in section 9, exactly"). Pure, so the boundaries are unit-tested without a database.
 */
import { startOfDate, zonedParts } from "../lib/time-zone";

export const SKILLS = ["deepFocus", "consistency", "optimisation", "goalManagement"] as const;
export type Skill = (typeof SKILLS)[number];

export type ImpactMetrics = {
  timeSaved: number;
  unlockedSkills: Skill[];
  potentialProjects: number;
  mentoringHours: 0;
  productivityGain: number;
};

/**
 * g completed goals, a activities in the last 30 days: hours saved per week from goals
 * (min(0.5 g, 8)) and from activity (min(0.1 a, 4)), floored; projects one per 10 hours;
 * productivity 5 % per hour up to 100 %. Otimização needs 20 hours, which the caps (8 + 4) never
 * reach: the specification's rule, kept as written (docs/decisions/0037).
 */
export function impactMetrics(g: number, a: number): ImpactMetrics {
  const goals = Math.max(0, g);
  const activities = Math.max(0, a);
  // Tenths as integers, so 0.1 × a does not drift (0.1 × 30 = 3.0000000000000004 in floating point).
  const timeSaved = Math.floor((Math.min(5 * goals, 80) + Math.min(activities, 40)) / 10);
  const unlockedSkills: Skill[] = [];
  if (goals >= 3) unlockedSkills.push("deepFocus");
  if (activities >= 10) unlockedSkills.push("consistency");
  if (timeSaved >= 20) unlockedSkills.push("optimisation");
  if (goals >= 5) unlockedSkills.push("goalManagement");
  return {
    timeSaved,
    unlockedSkills,
    potentialProjects: Math.floor(timeSaved / 10),
    mentoringHours: 0,
    productivityGain: Math.min(5 * timeSaved, 100),
  };
}

/** A month of the chart: `month` is YYYY-MM in the user's zone; [from, to) its instants. */
export type MonthRange = { month: string; from: Date; to: Date };

/** YYYY-MM-01 of a year and month (1–12). */
const firstOf = (year: number, month: number) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`;

/** The last `count` months up to and including the current one, in the user's zone, oldest first. */
export function lastMonths(now: Date, timeZone: string, count = 5): MonthRange[] {
  const { year, month } = zonedParts(now, timeZone);
  const months: MonthRange[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    const next = index + 1;
    months.push({
      month: `${y}-${String(m).padStart(2, "0")}`,
      from: startOfDate(firstOf(y, m), timeZone),
      to: startOfDate(firstOf(Math.floor(next / 12), (next % 12) + 1), timeZone),
    });
  }
  return months;
}
