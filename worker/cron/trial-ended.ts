import { database } from "../db/client";
import { trialUserIdsPage } from "../db/jobs";
import { fanOut } from "./fan-out";
import { TRIAL_ENDED, trialNoticeFor } from "./trial-notice";

/** Trials that ended in the last week (older ones were told already, or predate this job). */
const LOOKBACK_MS = 7 * 24 * 3600_000;

const window = (now: Date): [Date, Date] => [new Date(now.getTime() - LOOKBACK_MS), now];

/** Users whose Pro trial ended hear it once (keyed by the trial's end). */
export const trialEnded = fanOut({
  selectUsers: (env, now, page) => trialUserIdsPage(database(env.DB), page, window(now), TRIAL_ENDED),
  perUser: (env, userId, now) => trialNoticeFor(env, userId, now, window(now), "trial.ended"),
});
