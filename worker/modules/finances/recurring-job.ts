/**
 * The daily catch-up of recurring transactions (docs/decisions/0116): every occurrence due by the
 * user's own today becomes a transaction, once. Nightly at 03:00 UTC, as the budget check
 * (./budget-job.ts says why that instant falls inside every zone's day), so a salary of the 25th
 * is in the list on the 25th wherever the user lives.
 *
 * All the user's due rules are written in one batch, each rule's inserts only landing while its next
 * date is still the one read and their import keys unique (./queries.ts `occurrenceWrites`): a
 * message delivered twice, or a run beside a create, writes nothing more.
 */
import type { CronJob } from "../../cron/registry";
import { fanOut } from "../../cron/fan-out";
import { NIGHTLY } from "../../cron/schedules";
import { entitlementsFor } from "~/lib/plans";
import { loadSubscriptionState } from "../../billing/subscription";
import { findUserById } from "../../db/accounts";
import { database } from "../../db/client";
import { publishEntityChange } from "../../notifications/notify";
import { checkBudgets } from "./budget-alerts";
import { localToday } from "./logic";
import * as q from "./queries";
import { dueOccurrences } from "./recurring";

/**
 * The day it is in the zone furthest ahead (UTC+14): no user's today is later, so the page of users
 * holds everyone with something due (each then counts by their own zone).
 */
const LATEST_ZONE = "Pacific/Kiritimati";

/** Writes what is due of every recurring transaction of one user at `now`; true when something was written. */
export async function catchUpRecurring(env: Env, userId: string, now: Date): Promise<boolean> {
  const db = database(env.DB);
  const user = await findUserById(db, userId);
  if (!user) return false;
  const today = localToday(user.timeZone, now);
  // Every due rule's writes in one batch and what they wrote in one read (decision 0116 "Revised":
  // four round trips for a user with nothing to budget, however many rules are due).
  const due = (await q.dueRecurring(db, userId, today)).map((rule) => ({ rule, ...dueOccurrences(rule, today) }));
  await q.writeOccurrences(db, userId, due);
  const written = await q.transactionsOfOccurrences(db, userId, due);
  if (!written.length) return false;
  // As a manual expense does: the budgets of their categories hear of them.
  const expenses = written.filter((t) => t.type === "expense");
  if (expenses.length) {
    const entitlements = entitlementsFor(await loadSubscriptionState(db, user, now));
    await checkBudgets({ env, db, user, entitlements, now }, expenses.map((t) => t.category), expenses.map((t) => t.date));
  }
  // The user's open tabs refresh; a failed notice never fails the writes.
  await Promise.allSettled(written.map((t) => publishEntityChange(env, userId, { entity: "transaction", id: t.id, action: "created" })));
  return true;
}

export const recurringTransactionsJob: CronJob = {
  name: "recurring-transactions",
  schedule: NIGHTLY,
  fanOut: fanOut({
    selectUsers: (env, now, page) => q.recurringUserIdsPage(database(env.DB), page, localToday(LATEST_ZONE, now)),
    perUser: (env, userId, now) => catchUpRecurring(env, userId, now),
  }),
};
