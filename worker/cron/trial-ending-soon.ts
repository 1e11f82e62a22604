import { forEachUser } from "./each-user";
import { trialNotice } from "./trial-notice";

export const TRIAL_NOTICE_DAYS = 3;

/** Users whose Pro trial ends within 3 days hear it once (keyed by the trial's end). */
export async function trialEndingSoon(env: Env, now: Date) {
  const until = new Date(now.getTime() + TRIAL_NOTICE_DAYS * 24 * 3600_000);
  // Paid plans (billing issue) will be skipped here once subscriptions exist.
  const affected = await forEachUser(env, { trialBetween: [now, until] }, (user) =>
    trialNotice(env, user, now, "trial.ending", ({ language, timeZone }) => ({
      date: new Intl.DateTimeFormat(language === "pt" ? "pt-PT" : "en-US", { dateStyle: "long", timeZone }).format(user.trialEndsAt!),
    })),
  );
  return { affected };
}
