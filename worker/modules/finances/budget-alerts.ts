/** The finances module's budget alerts (docs/decisions/0025), raised by every write of expenses. */
import type { Context } from "hono";
import { hasEntitlement } from "~/lib/plans";
import { formatMoney } from "~/components/ui/money";
import { isDefaultCategory } from "~/modules/finances/categories";
import { currentAuth } from "../../auth/middleware";
import { entitlementsOfAuth } from "../../billing/entitlements";
import { database } from "../../db/client";
import { translator } from "../../lib/translate";
import { notify } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import { budgetThreshold, localToday, monthRange } from "./logic";
import * as q from "./queries";

/**
 * After expenses are written (one by the API, or a bank file's): for each touched category with a
 * budget, in the user's current month, a `budget_alert` at 80 % and at 100 % of the limit, each at
 * most once per budget and month (the notification's dedupe key). Only the highest threshold crossed
 * is sent, so a single big expense says "exceeded" rather than two notifications at once. Budgets
 * are a paid feature: a downgraded user's old budgets stay readable but no longer alert.
 * `dates` are the written expenses' dates: none in the current month, nothing to check.
 */
export async function checkBudgets(c: Context<AppEnv>, categories: readonly string[], dates: readonly string[]) {
  const { user } = currentAuth(c);
  const db = database(c.env.DB);
  const month = localToday(user.timeZone).slice(0, 7);
  if (!dates.some((date) => date.startsWith(month))) return;
  const touched = await q.budgetsFor(db, user.id, [...new Set(categories)]);
  if (!touched.length) return;
  const { subscription } = entitlementsOfAuth(currentAuth(c));
  if (!hasEntitlement(subscription, "finances.advanced")) return;
  const t = translator(user.language);
  const ownNames = new Map((await q.listCategories(db, user.id)).map((row) => [row.id, row.name]));
  for (const budget of touched) {
    const spent = await q.spentIn(db, user.id, budget.category, monthRange(month));
    const threshold = budgetThreshold(spent, budget.limitCents);
    if (!threshold) continue;
    const vars = {
      category: isDefaultCategory(budget.category) ? t(`finances:categories.${budget.category}`) : (ownNames.get(budget.category) ?? budget.category),
      spent: formatMoney(spent, user.language),
      limit: formatMoney(budget.limitCents, user.language),
    };
    await notify(c.env, user.id, {
      type: "budget_alert",
      category: "finances",
      priority: threshold === 100 ? "high" : "medium",
      title: t(`finances:alerts.title${threshold}`, vars),
      message: t(`finances:alerts.message${threshold}`, vars),
      actionUrl: "/app/financas?tab=budgets",
      metadata: { budgetId: budget.id, month, threshold, spentCents: spent, limitCents: budget.limitCents },
      dedupeKey: `budget_alert:${budget.id}:${month}:${threshold}`,
    });
  }
}
