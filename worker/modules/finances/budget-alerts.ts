/** The finances module's budget alerts (docs/decisions/0025), raised by every write of expenses and by the nightly check (./budget-job.ts). */
import type { Context } from "hono";
import type { Entitlement } from "~/lib/plans";
import { formatMoney } from "~/components/ui/money";
import { isDefaultCategory } from "~/modules/finances/categories";
import { currentAuth } from "../../auth/middleware";
import { entitlementsOfAuth } from "../../billing/entitlements";
import type { User } from "../../db/accounts";
import { database, type Db } from "../../db/client";
import { log } from "../../lib/log";
import { notify } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import { budgetThreshold, localToday, spentRange } from "./logic";
import * as q from "./queries";

/** Whose budgets to check, with what plan, and where to read and notify (no request needed). */
export type BudgetCheck = {
  env: Env;
  db: Db;
  user: Pick<User, "id" | "timeZone" | "language">;
  entitlements: readonly Entitlement[];
  now?: Date;
};

/** A budget check for the signed-in user of an API request. */
export function budgetCheckOf(c: Context<AppEnv>): BudgetCheck {
  const auth = currentAuth(c);
  return { env: c.env, db: database(c.env.DB), user: auth.user, entitlements: entitlementsOfAuth(auth).entitlements };
}

/**
 * After expenses are written (one by the API or an assistant draft, or a bank file's): for each
 * touched category with a budget, in the user's current month, a `budget_alert` at 80 % and at
 * 100 % of the limit, each at most once per budget and month (the dedupe key, recorded apart from the
 * notification: deleted, or expired with in-app off, it is not sent again, decision 0103). Only
 * the highest threshold crossed is sent, so a single big expense says "exceeded" rather than two
 * notifications at once. Budgets are a paid feature: a downgraded user's old budgets stay readable
 * but no longer alert.
 * `dates` are the written expenses' dates: none in the current month up to today, nothing to check.
 * "all" checks every budget of the user, whatever was written (the daily check, ./budget-job.ts).
 */
export async function checkBudgets(check: BudgetCheck, categories: readonly string[] | "all", dates: readonly string[] = []) {
  try {
    await raiseBudgetAlerts(check, categories, dates);
  } catch (error) {
    // The expenses are written by now: a failed check must not make their write answer an error,
    // which the client (or the offline queue) would retry, writing them twice. The next expense
    // in the category checks again, and the dedupe keys keep each alert to one.
    log("warn", "budget alerts not checked", { userId: check.user.id, error: error instanceof Error ? error.message : String(error) });
  }
}

async function raiseBudgetAlerts({ env, db, user, entitlements, now = new Date() }: BudgetCheck, categories: readonly string[] | "all", dates: readonly string[]) {
  const today = localToday(user.timeZone, now);
  const month = today.slice(0, 7);
  // Only what is spent by today counts (the budgets tab's figure): an expense entered ahead, later
  // this month or in a month to come, changes nothing yet; the daily check counts it on its day.
  if (categories !== "all" && !dates.some((date) => date.startsWith(month) && date <= today)) return;
  if (!entitlements.includes("finances.advanced")) return;
  const touched = categories === "all" ? await q.budgetsOf(db, user.id) : await q.budgetsFor(db, user.id, [...new Set(categories)]);
  if (!touched.length) return;
  const ownNames = new Map((await q.listCategories(db, user.id)).map((row) => [row.id, row.name]));
  for (const budget of touched) {
    const spent = await q.spentIn(db, user.id, budget.category, spentRange(month, today));
    const threshold = budgetThreshold(spent, budget.limitCents);
    if (!threshold) continue;
    await notify(
      env,
      user.id,
      {
        type: "budget_alert",
        category: "finances",
        priority: threshold === 100 ? "high" : "medium",
        // Written in every language: a default category's name and the amounts are the reader's.
        template: threshold === 100 ? "budgetExceeded" : "budgetAt80",
        vars: ({ t, language }) => ({
          category: isDefaultCategory(budget.category) ? t(`finances:categories.${budget.category}`) : (ownNames.get(budget.category) ?? budget.category),
          spent: formatMoney(spent, language),
          limit: formatMoney(budget.limitCents, language),
        }),
        actionUrl: "/app/financas?tab=budgets",
        metadata: { budgetId: budget.id, month, threshold, spentCents: spent, limitCents: budget.limitCents },
        dedupeKey: `budget_alert:${budget.id}:${month}:${threshold}`,
        // Raised only while `month` is the user's current month: its record may go a few days after.
        dedupeUntil: new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 3)),
      },
      { now: () => now },
    );
  }
}
