import { notify } from "../notifications/notify";
import { forEachUser } from "./each-user";

/** Trials that ended in the last week (older ones were told already, or predate this job). */
const LOOKBACK_MS = 7 * 24 * 3600_000;

/** Users whose Pro trial ended hear it once (keyed by the trial's end). */
export async function trialEnded(env: Env, now: Date) {
  const affected = await forEachUser(env, { trialBetween: [new Date(now.getTime() - LOOKBACK_MS), now] }, async (user) => {
    const row = await notify(
      env,
      user.id,
      {
        type: "system",
        category: "billing",
        priority: "high",
        template: "trial.ended",
        actionUrl: "/app/settings",
        dedupeKey: `trial-ended:${user.trialEndsAt!.getTime()}`,
      },
      { now: () => now },
    );
    return row !== null;
  });
  return { affected };
}
