import { forEachUser } from "./each-user";
import { trialNotice } from "./trial-notice";

/** Trials that ended in the last week (older ones were told already, or predate this job). */
const LOOKBACK_MS = 7 * 24 * 3600_000;

/** Users whose Pro trial ended hear it once (keyed by the trial's end). */
export async function trialEnded(env: Env, now: Date) {
  const affected = await forEachUser(env, { trialBetween: [new Date(now.getTime() - LOOKBACK_MS), now] }, (user) =>
    trialNotice(env, user, now, "trial.ended"),
  );
  return { affected };
}
