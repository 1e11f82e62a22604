/**
 * The daily budget check (DECISIONS.md: budget alerts are among the notifications cron raises;
 * docs/decisions/0025, revised 2026-12-07). A write of expenses checks its categories at once
 * (./budget-alerts.ts), but an expense entered ahead (rent dated the 25th) is only spent on its day,
 * when nobody writes anything: once a day every budget is checked against what is spent by the
 * user's own today. The notification's dedupe key keeps each alert to one per budget, month and
 * threshold, so a day with nothing new says nothing.
 *
 * Nightly at 03:00 UTC, one run for everyone: that instant falls inside every zone's local day
 * (04:00 in Lisbon's summer, 12:00 in Tokyo, 22:00 the day before in New York), so an expense dated
 * on a day is counted on that day, in the morning or the evening. A run per zone at a local hour
 * would read the users' distinct zones in every quarter-hour run for a later notification.
 */
import type { CronJob } from "../../cron/registry";
import { fanOut } from "../../cron/fan-out";
import { NIGHTLY } from "../../cron/schedules";
import { entitlementsFor } from "~/lib/plans";
import { loadSubscriptionState } from "../../billing/subscription";
import { findUserById } from "../../db/accounts";
import { database } from "../../db/client";
import { checkBudgets } from "./budget-alerts";
import { budgetUserIdsPage } from "./queries";

/** Checks every budget of one user at `now`; true when the check ran (entitled). */
export async function checkAllBudgets(env: Env, userId: string, now: Date): Promise<boolean> {
  const db = database(env.DB);
  const user = await findUserById(db, userId);
  if (!user) return false;
  const entitlements = entitlementsFor(await loadSubscriptionState(db, user, now));
  if (!entitlements.includes("finances.advanced")) return false;
  await checkBudgets({ env, db, user, entitlements, now }, "all");
  return true;
}

export const budgetCheckJob: CronJob = {
  name: "budget-check",
  schedule: NIGHTLY,
  fanOut: fanOut({
    selectUsers: (env, _now, page) => budgetUserIdsPage(database(env.DB), page),
    perUser: (env, userId, now) => checkAllBudgets(env, userId, now),
  }),
};
