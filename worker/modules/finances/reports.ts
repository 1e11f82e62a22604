/**
 * The finances module's computed reads, shared by the API (./api.ts) and the screen's loader
 * (app/modules/finances/routes): the month's dashboard, the twelve-month analysis, budgets with
 * progress, and the balance at the end of each listed day. Sums are SQL integer sums of cents.
 */
import type { Db } from "../../db/client";
import type { PageRequest } from "../../lib/pagination";
import { addMonths, budgetProgress, changeOf, monthRange } from "./logic";
import * as q from "./queries";

/** The dashboard (every plan): balance up to the month's end, the month's income against expense, totals by category. */
export async function monthSummary(db: Db, userId: string, month: string) {
  const range = monthRange(month);
  const [all, current, byCategory] = await Promise.all([
    q.totals(db, userId, { to: range.to }),
    q.totals(db, userId, range),
    q.totalsByCategory(db, userId, range),
  ]);
  return {
    month,
    from: range.from,
    to: range.to,
    balanceCents: all.incomeCents - all.expenseCents,
    incomeCents: current.incomeCents,
    expenseCents: current.expenseCents,
    netCents: current.incomeCents - current.expenseCents,
    count: current.count,
    byCategory: byCategory.map((row) => ({ category: row.category, type: row.type, totalCents: row.totalCents, count: row.count })),
  };
}

/**
 * Analysis (a paid read): the twelve months ending at `month` (months without movements as zeros)
 * and the month against the one before, in total and by expense category.
 */
export async function yearAnalysis(db: Db, userId: string, month: string) {
  const previous = addMonths(month, -1);
  const first = addMonths(month, -11);
  const [byMonth, current, before] = await Promise.all([
    q.totalsByMonth(db, userId, { from: monthRange(first).from, to: monthRange(month).to }),
    q.totalsByCategory(db, userId, monthRange(month)),
    q.totalsByCategory(db, userId, monthRange(previous)),
  ]);
  const found = new Map(byMonth.map((row) => [row.month, row]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const key = addMonths(first, i);
    const row = found.get(key);
    const incomeCents = row?.income ?? 0;
    const expenseCents = row?.expense ?? 0;
    return { month: key, incomeCents, expenseCents, netCents: incomeCents - expenseCents };
  });
  const [thisMonth, lastMonth] = [months[11], months[10]];
  const expensesOf = (rows: typeof current) => new Map(rows.filter((r) => r.type === "expense").map((r) => [r.category, r.totalCents]));
  const now = expensesOf(current);
  const then = expensesOf(before);
  const byCategory = [...new Set([...now.keys(), ...then.keys()])]
    .map((category) => ({ category, ...changeOf(now.get(category) ?? 0, then.get(category) ?? 0) }))
    .sort((a, b) => b.currentCents - a.currentCents || Math.abs(b.changeCents) - Math.abs(a.changeCents) || a.category.localeCompare(b.category));
  return {
    month,
    previousMonth: previous,
    months,
    monthOverMonth: {
      income: changeOf(thisMonth.incomeCents, lastMonth.incomeCents),
      expense: changeOf(thisMonth.expenseCents, lastMonth.expenseCents),
      net: changeOf(thisMonth.netCents, lastMonth.netCents),
    },
    byCategory,
  };
}

/** A page of budgets with the month's spending in each (one grouped query for all of them). */
export async function budgetsWithProgress(db: Db, userId: string, month: string, page: PageRequest) {
  const [list, spent] = await Promise.all([q.listBudgets(db, userId, page), q.spentByCategory(db, userId, monthRange(month))]);
  return { month, items: list.items.map((b) => budgetProgress(b, spent.get(b.category) ?? 0)), nextCursor: list.nextCursor };
}

/**
 * The balance at the end of each of `dates` (all of the user's transactions, whatever the list's
 * filters): the balance up to the newest date, then walking back one day's net at a time.
 */
export async function balancesAt(db: Db, userId: string, dates: string[]) {
  const days = [...new Set(dates)].sort().reverse();
  if (!days.length) return {};
  const [upToNewest, nets] = await Promise.all([q.totals(db, userId, { to: days[0] }), q.netByDay(db, userId, { from: days[days.length - 1], to: days[0] })]);
  const netOf = new Map(nets.map((n) => [n.date, n.net]));
  const result: Record<string, number> = {};
  let balance = upToNewest.incomeCents - upToNewest.expenseCents;
  // Walk back over every day with movements between the listed ones, not only the listed days.
  const allDays = [...new Set([...days, ...nets.map((n) => n.date)])].sort().reverse();
  for (const day of allDays) {
    result[day] = balance;
    balance -= netOf.get(day) ?? 0;
  }
  return Object.fromEntries(days.map((d) => [d, result[d]]));
}
