import { LIVE_STATUSES } from "../billing/subscription";
import { findUserById, type User } from "../db/accounts";
import { findSubscription } from "../db/billing";
import { database } from "../db/client";
import { notify, type Recipient } from "../notifications/notify";

/** Dedupe-key prefixes of the two notices (the key ends with the trial's end in ms). */
export const TRIAL_ENDING = "trial-ending";
export const TRIAL_ENDED = "trial-ended";

type Vars = (user: User, recipient: Recipient) => Record<string, string | number>;

/**
 * One trial notice ("trial.ending" or "trial.ended") per user and trial end: reruns never duplicate.
 * The user is read again here, as the queue may deliver after the trial moved (a purchase, an admin).
 */
export async function trialNoticeFor(env: Env, userId: string, now: Date, between: [Date, Date], template: "trial.ending" | "trial.ended", vars?: Vars) {
  const db = database(env.DB);
  const user = await findUserById(db, userId);
  const endsAt = user?.trialEndsAt?.getTime();
  if (!user || endsAt === undefined || endsAt <= between[0].getTime() || endsAt > between[1].getTime()) return false;
  // Someone already paying needs no reminder that the trial ends.
  const paid = await findSubscription(db, user.id);
  if (paid?.status && LIVE_STATUSES.has(paid.status) && paid.tier !== "free") return false;
  const row = await notify(
    env,
    user.id,
    {
      type: "system",
      category: "billing",
      priority: "high",
      template,
      vars: vars && ((context) => vars(user, context)),
      actionUrl: "/app/settings",
      dedupeKey: `${template === "trial.ending" ? TRIAL_ENDING : TRIAL_ENDED}:${endsAt}`,
      // The jobs look at most 7 days past a trial's end (./trial-ended.ts); a day's margin on top.
      dedupeUntil: new Date(endsAt + 8 * 86_400_000),
    },
    { now: () => now },
  );
  return row !== null;
}
