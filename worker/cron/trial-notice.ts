import { LIVE_STATUSES } from "../billing/subscription";
import { findSubscription } from "../db/billing";
import { database } from "../db/client";
import type { UserBatchRow } from "../db/notifications";
import { notify, type NotifyInput } from "../notifications/notify";

/** One trial notice ("trial.ending" or "trial.ended") per user and trial end: reruns never duplicate. */
export async function trialNotice(env: Env, user: UserBatchRow, now: Date, template: "trial.ending" | "trial.ended", vars?: Extract<NotifyInput, { template: string }>["vars"]) {
  // Someone already paying needs no reminder that the trial ends.
  const paid = await findSubscription(database(env.DB), user.id);
  if (paid?.status && LIVE_STATUSES.has(paid.status) && paid.tier !== "free") return false;
  const row = await notify(
    env,
    user.id,
    {
      type: "system",
      category: "billing",
      priority: "high",
      template,
      vars,
      actionUrl: "/app/settings",
      dedupeKey: `${template === "trial.ending" ? "trial-ending" : "trial-ended"}:${user.trialEndsAt!.getTime()}`,
    },
    { now: () => now },
  );
  return row !== null;
}
