import { notify } from "../notifications/notify";
import { forEachUser } from "./each-user";

export const TRIAL_NOTICE_DAYS = 3;

/** Users whose Pro trial ends within 3 days hear it once (keyed by the trial's end). */
export async function trialEndingSoon(env: Env, now: Date) {
  const until = new Date(now.getTime() + TRIAL_NOTICE_DAYS * 24 * 3600_000);
  // Paid plans (billing issue) will be skipped here once subscriptions exist.
  const affected = await forEachUser(env, { trialBetween: [now, until] }, async (user) => {
    const endsAt = user.trialEndsAt!;
    const row = await notify(
      env,
      user.id,
      {
        type: "system",
        category: "billing",
        priority: "high",
        template: "trial.ending",
        vars: ({ language, timeZone }) => ({
          date: new Intl.DateTimeFormat(language === "pt" ? "pt-PT" : "en-US", { dateStyle: "long", timeZone }).format(endsAt),
        }),
        actionUrl: "/app/settings",
        dedupeKey: `trial-ending:${endsAt.getTime()}`,
      },
      { now: () => now },
    );
    return row !== null;
  });
  return { affected };
}
