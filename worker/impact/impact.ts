/**
 * The impact dashboard's data (GET /impact and the screen's loader): section 9's metrics, the
 * five-month chart and the "Hoje" panel, each computed from the user's own rows.
 */
import type { Language } from "~/i18n/language";
import type { Entitlement } from "~/lib/plans";
import { countActivitiesInRead, countActivitiesSinceRead } from "../db/activities";
import type { Db } from "../db/client";
import { known, mapRead, read, readAll, run } from "../db/reads";
import { localDate, startOfLocalDay } from "../lib/time-zone";
import { defaultCategoryLabel } from "../modules/finances/categories";
import { isOverBudget, spentRange } from "../modules/finances/logic";
import { listBudgetsRead, listCategoriesRead, spentByCategoryRead } from "../modules/finances/queries";
import { completedGoalCountsRead } from "../modules/goals/queries";
import { listRoutinesRead } from "../modules/selfCare/queries";
import { unscheduledForQuery } from "../modules/tasks/queries";
import { userTimelineRead } from "../modules/timeline";
import { impactMetrics, lastMonths } from "./metrics";

const DAY_MS = 86_400_000;
/** "a" counts the activities of the last 30 days (section 9). */
export const ACTIVITY_WINDOW_DAYS = 30;

/** GET /impact's answer: the metrics and the last five months (goals completed and activities; value is their sum, the bar's height). */
export function impactRead(db: Db, user: { id: string; timeZone: string }, now: Date) {
  const months = lastMonths(now, user.timeZone, 5);
  return mapRead(
    readAll([
      completedGoalCountsRead(db, user.id, months),
      countActivitiesSinceRead(db, user.id, new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS)),
      countActivitiesInRead(db, user.id, months),
    ]),
    ([goals, activities, perMonth]) => ({
      ...impactMetrics(goals.total, activities),
      completedGoals: goals.total,
      activities,
      months: months.map((m, i) => ({ month: m.month, value: goals.perRange[i] + perMonth[i], goals: goals.perRange[i], activities: perMonth[i] })),
    }),
  );
}

/** `impactRead` in one D1 round trip. */
export async function impactFor(db: Db, user: { id: string; timeZone: string }, now: Date) {
  return run(db, impactRead(db, user, now));
}

export type ImpactAnswer = Awaited<ReturnType<typeof impactFor>>;

const PANEL_ITEMS = 8;

/**
 * The "Hoje" panel: the day's timeline (scheduled tasks, events), tasks still to plan for today,
 * routines due today (with self-care) and this month's spending against the budgets. A section
 * the user's plan does not include is null, so the screen leaves it out. Category names are in
 * `language`, the page's.
 */
export function todayRead(db: Db, user: { id: string; timeZone: string }, entitlements: readonly Entitlement[], now: Date, language: Language) {
  const timeZone = user.timeZone;
  const from = startOfLocalDay(now, timeZone);
  const to = startOfLocalDay(new Date(from.getTime() + 36 * 3_600_000), timeZone);
  const today = localDate(now, timeZone);
  const has = (e: Entitlement) => entitlements.includes(e);

  return mapRead(
    readAll([
      userTimelineRead(db, user.id, { from, to, timeZone }),
      has("tasks") ? read(unscheduledForQuery(db, user.id, today, { undated: false, limit: PANEL_ITEMS })) : known(null),
      has("selfCare") ? listRoutinesRead(db, user.id, { limit: 200 }, today) : known(null),
      has("finances.basic") ? monthSpendingRead(db, user.id, spentRange(today.slice(0, 7), today), language) : known(null),
    ]),
    ([timeline, toPlan, routines, spending]) => ({
      date: today,
      agenda: timeline
        .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.localeCompare(b.start))
        .slice(0, PANEL_ITEMS)
        .map(({ module, id, occurrenceStart, title, start, end, allDay, url }) => ({ module, id, occurrenceStart, title, start, end, allDay, url })),
      agendaTotal: timeline.length,
      // Due today or overdue and not yet placed in the day (the 'Planear o dia' candidates with a date).
      toPlan: toPlan ? toPlan.map((t) => ({ id: t.id, title: t.title, dueDate: t.dueDate, priority: t.priority })) : null,
      routines: routines
        ? routines.items.filter((r) => r.scheduledToday).map((r) => ({ id: r.id, title: r.title, frequency: r.frequency, done: r.checkedInToday, streakDays: r.streakDays }))
        : null,
      spending,
    }),
  );
}

export type TodayAnswer = ReturnType<ReturnType<typeof todayRead>["answer"]>;

/**
 * Expenses this month (first day to today, `spentRange`) in cents, the budgets' total limit and spend, and the
 * names of the categories over budget as the user sees them: a default one's label in `language`,
 * their own one's name (budgets store the key or the id).
 */
function monthSpendingRead(db: Db, userId: string, range: { from: string; to: string }, language: Language) {
  return mapRead(
    readAll([spentByCategoryRead(db, userId, range), listBudgetsRead(db, userId, { limit: 200 }), listCategoriesRead(db, userId)]),
    ([spent, budgets, own]) => {
      const spentCents = [...spent.values()].reduce((sum, cents) => sum + cents, 0);
      const budgeted = budgets.items.map((b) => ({ category: b.category, limitCents: b.limitCents, spentCents: spent.get(b.category) ?? 0 }));
      const ownNames = new Map(own.map((row) => [row.id, row.name]));
      const nameOf = (category: string) => defaultCategoryLabel(category, language) ?? ownNames.get(category) ?? defaultCategoryLabel("other", language)!;
      return {
        spentCents,
        budgetCents: budgeted.length ? budgeted.reduce((sum, b) => sum + b.limitCents, 0) : null,
        budgetSpentCents: budgeted.reduce((sum, b) => sum + b.spentCents, 0),
        overBudget: budgeted.filter((b) => isOverBudget(b.spentCents, b.limitCents)).map((b) => nameOf(b.category)),
      };
    },
  );
}
