/**
 * The facts of a user's week, read through each module's own query functions (never their tables):
 * what ./builder.ts turns into the report.
 */
import type { Db } from "../../db/client";
import { scopedTo } from "../../db/scoped";
import { occurrencesBetween, windowMs } from "../calendar/queries";
import { cycleHistory } from "../cycle/queries";
import { savedEntriesBetween } from "../diary/queries";
import { defaultCategoryLabel } from "../finances/categories";
import { listCategories, spentByCategory } from "../finances/queries";
import { goalProgressOf } from "../goals/queries";
import { routinesWithCheckIns } from "../selfCare/queries";
import { addDays } from "../selfCare/streaks";
import { taskInstantsBetween } from "../tasks/queries";
import { FINDING_WINDOW_DAYS, type Labels, type WeekFacts } from "./builder";

export type ReportUser = { id: string; timeZone: string; preferences: Record<string, unknown>; createdAt?: Date };

/**
 * Cycle data goes into a report only with the user's `aiOnPersonalData` opt-in: the one switch by
 * which a user lets their health data be used beyond the cycle screen (0031, 0039). Without it the
 * cycle days are not even read.
 */
export const cycleOptIn = (user: Pick<ReportUser, "preferences">) => user.preferences.aiOnPersonalData === true;

export async function gatherWeekFacts(db: Db, user: ReportUser, weekStart: string): Promise<WeekFacts> {
  const weekEnd = addDays(weekStart, 6);
  const windowFrom = addDays(weekEnd, -(FINDING_WINDOW_DAYS - 1));
  const zone = user.timeZone;
  // The week's [Monday 00:00, next Monday 00:00) in the user's zone; a day either side for the
  // instants, which the builder buckets into the zone's days itself.
  const { fromMs, toMs } = windowMs(weekStart, weekEnd, zone);
  const [tasks, goals, events, diary, week, previous, categories, routines, cycle] = await Promise.all([
    taskInstantsBetween(db, user.id, new Date(fromMs), new Date(toMs)),
    goalProgressOf(db, user.id),
    occurrencesBetween(scopedTo(db, user.id), windowFrom, weekEnd, zone),
    savedEntriesBetween(db, user.id, windowFrom, weekEnd),
    spentByCategory(db, user.id, { from: weekStart, to: weekEnd }),
    spentByCategory(db, user.id, { from: addDays(weekStart, -7), to: addDays(weekStart, -1) }),
    listCategories(db, user.id),
    routinesWithCheckIns(db, user.id, weekEnd, weekStart),
    cycleOptIn(user) ? cycleHistory(db, user.id) : Promise.resolve(null),
  ]);
  const labels: Record<string, Labels> = {};
  for (const category of new Set([...week.keys(), ...previous.keys()])) {
    const own = categories.find((c) => c.id === category)?.name;
    labels[category] = own ? { pt: own, en: own } : { pt: defaultCategoryLabel(category, "pt") ?? category, en: defaultCategoryLabel(category, "en") ?? category };
  }
  return {
    weekStart,
    timeZone: zone,
    tasks,
    goals: goals.map((g) => ({ ...g, completedAt: g.completedAt?.getTime() ?? null, createdAt: g.createdAt.getTime() })),
    events: events.map((e) => ({ start: e.start, end: e.end, allDay: e.allDay, busy: e.busy })),
    diary,
    spending: { week: Object.fromEntries(week), previous: Object.fromEntries(previous), labels },
    routines,
    cycle,
    accountCreatedAt: user.createdAt,
  };
}
