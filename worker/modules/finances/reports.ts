/**
 * The finances module's computed reads, shared by the API (./api.ts) and the screen's loader
 * (app/modules/finances/routes): the month's dashboard, the twelve-month analysis, budgets with
 * progress, and the balance at the end of each listed day. Sums are SQL integer sums of cents.
 */
import type { Db } from "../../db/client";
import { mapRead, readAll, run } from "../../db/reads";
import type { PageRequest } from "../../lib/pagination";
import { addMonths, budgetProgress, changeOf, comparedRange, monthRange, scheduledRange, spentRange } from "./logic";
import * as q from "./queries";

/**
 * The dashboard (every plan), counted like the budgets (`spentRange`): the month's income against
 * expense from its 1st to `to` (today in the running month, the whole of a past month, nothing of a
 * month to come), its totals by category, and the balance at `to`. What is dated after today is
 * `scheduled`, apart, so that "Despesas até hoje" and a budget's "spent" are one figure
 * (decision 0024, revised 2026-12-07, later). `partial`: `to` stops before the month's end.
 */
export function monthSummaryRead(db: Db, userId: string, month: string, today: string) {
  const whole = monthRange(month);
  const range = spentRange(month, today);
  const later = scheduledRange(month, today);
  const reads = readAll([q.totalsRead(db, userId, { to: range.to }), q.totalsRead(db, userId, range), q.totalsByCategoryRead(db, userId, range), q.totalsRead(db, userId, later)]);
  return mapRead(reads, ([all, current, byCategory, scheduled]) => ({
    month,
    from: range.from,
    to: range.to,
    partial: range.to < whole.to,
    balanceCents: all.incomeCents - all.expenseCents,
    incomeCents: current.incomeCents,
    expenseCents: current.expenseCents,
    netCents: current.incomeCents - current.expenseCents,
    count: current.count,
    byCategory: byCategory.map((row) => ({ category: row.category, type: row.type, totalCents: row.totalCents, count: row.count })),
    scheduled: { from: later.from, to: later.to, incomeCents: scheduled.incomeCents, expenseCents: scheduled.expenseCents, count: scheduled.count },
  }));
}

export const monthSummary = (db: Db, userId: string, month: string, today: string) => run(db, monthSummaryRead(db, userId, month, today));

/**
 * Analysis (a paid read): the twelve months ending at `month` (months without movements as zeros)
 * and the month against the one before, in total and by expense category. The running month (the
 * user's `today` in it) is compared from its 1st to today with the same days of the month before
 * (`comparedRange`): `compared` says which days on each side.
 */
export function yearAnalysisRead(db: Db, userId: string, month: string, today: string) {
  const compared = comparedRange(month, today);
  const first = addMonths(month, -11);
  const reads = readAll([
    // Up to today, like the summary: the running month's bar is what is spent so far.
    q.totalsByMonthRead(db, userId, { from: monthRange(first).from, to: spentRange(month, today).to }),
    q.totalsByCategoryRead(db, userId, compared.current),
    q.totalsByCategoryRead(db, userId, compared),
    q.totalsRead(db, userId, compared.current),
    q.totalsRead(db, userId, compared),
  ]);
  return mapRead(reads, ([byMonth, current, before, nowTotals, beforeTotals]) => {
    const found = new Map(byMonth.map((row) => [row.month, row]));
    const months = Array.from({ length: 12 }, (_, i) => {
      const key = addMonths(first, i);
      const row = found.get(key);
      const incomeCents = row?.income ?? 0;
      const expenseCents = row?.expense ?? 0;
      return { month: key, incomeCents, expenseCents, netCents: incomeCents - expenseCents };
    });
    const sides = (totals: typeof nowTotals) => ({ incomeCents: totals.incomeCents, expenseCents: totals.expenseCents, netCents: totals.incomeCents - totals.expenseCents });
    const thisMonth = sides(nowTotals);
    const lastMonth = sides(beforeTotals);
    const expensesOf = (rows: typeof current) => new Map(rows.filter((r) => r.type === "expense").map((r) => [r.category, r.totalCents]));
    const now = expensesOf(current);
    const then = expensesOf(before);
    const byCategory = [...new Set([...now.keys(), ...then.keys()])]
      .map((category) => ({ category, ...changeOf(now.get(category) ?? 0, then.get(category) ?? 0) }))
      .sort((a, b) => b.currentCents - a.currentCents || Math.abs(b.changeCents) - Math.abs(a.changeCents) || a.category.localeCompare(b.category));
    return {
      month,
      previousMonth: compared.month,
      compared: { from: compared.from, to: compared.to, current: compared.current, partial: compared.partial },
      months,
      monthOverMonth: {
        income: changeOf(thisMonth.incomeCents, lastMonth.incomeCents),
        expense: changeOf(thisMonth.expenseCents, lastMonth.expenseCents),
        net: changeOf(thisMonth.netCents, lastMonth.netCents),
      },
      byCategory,
    };
  });
}

export const yearAnalysis = (db: Db, userId: string, month: string, today: string) => run(db, yearAnalysisRead(db, userId, month, today));

/** A page of budgets with the month's spending so far in each (`spentRange`; one grouped query for all of them). */
export function budgetsWithProgressRead(db: Db, userId: string, month: string, today: string, page: PageRequest) {
  return mapRead(readAll([q.listBudgetsRead(db, userId, page), q.spentByCategoryRead(db, userId, spentRange(month, today))]), ([list, spent]) => ({
    month,
    items: list.items.map((b) => budgetProgress(b, spent.get(b.category) ?? 0)),
    nextCursor: list.nextCursor,
  }));
}

export const budgetsWithProgress = (db: Db, userId: string, month: string, today: string, page: PageRequest) =>
  run(db, budgetsWithProgressRead(db, userId, month, today, page));

/**
 * The balance at the end of each of `dates`, days with transactions (all of the user's
 * transactions, whatever the list's filters), newest first.
 */
export const balancesAt = (db: Db, userId: string, dates: string[]) => run(db, q.balancesAtRead(db, userId, dates));

/**
 * A page of the list (`listTransactionsRead`) with the balance at the end of each of its days, in one
 * batch: the balances are chosen by the page's own query as a subquery instead of waiting for it.
 */
export function transactionsWithBalancesRead(db: Db, userId: string, filters: q.TransactionFilters, page: PageRequest) {
  const days = q.listedTransactionDays(db, userId, filters, page);
  return mapRead(readAll([q.listTransactionsRead(db, userId, filters, page), q.balancesAtRead(db, userId, days)]), ([list, balances]) => ({
    ...list,
    // The subquery reads one row past the page (how the cursor knows there is more): its day may not be listed.
    balances: Object.fromEntries([...new Set(list.items.map((row) => row.date))].sort().reverse().map((day) => [day, balances[day]])),
  }));
}
