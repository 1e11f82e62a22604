/**
 * Background sync (docs/decisions/0035, 0079): every quarter hour the ids of connected users whose
 * sync is due (not backing off) and whose plan includes calendar sync are fanned out through the
 * USER_JOBS queue (0013); per user, one sync run (pull, then push the outbox) if their plan still
 * includes it.
 */
import { hasEntitlement } from "~/lib/plans";
import { entitlementsOf } from "../../../billing/entitlements";
import { fanOut } from "../../../cron/fan-out";
import { findUserById } from "../../../db/accounts";
import { database } from "../../../db/client";
import { publishEntityChange } from "../../../notifications/notify";
import { usersDueForSync } from "../queries";
import { syncDeps } from "./api";
import { syncUser } from "./sync";

export async function backgroundSync(env: Env, userId: string): Promise<boolean> {
  const user = await findUserById(database(env.DB), userId);
  if (!user) return false;
  // Checked again: the plan may have changed since the cron selected the user.
  const { subscription } = await entitlementsOf(env, user);
  if (!hasEntitlement(subscription, "calendarSync")) return false;
  const result = await syncUser(syncDeps(env, user));
  const changed = result.created + result.updated + result.deleted > 0;
  if (changed) await publishEntityChange(env, userId, { entity: "event", id: "google", action: "updated" });
  return changed || result.pushed.pushed + result.pushed.deleted > 0;
}

export const googleCalendarSync = fanOut({
  selectUsers: (env, now, page) => usersDueForSync(database(env.DB), now, page),
  perUser: (env, userId) => backgroundSync(env, userId),
});
