import { database } from "../db/client";
import { trialUserIdsPage } from "../db/jobs";
import { fanOut } from "./fan-out";
import { TRIAL_ENDING, trialNoticeFor } from "./trial-notice";
import { intlLocale } from "~/i18n/language";
import { dateTimeFormat } from "~/lib/intl";

export const TRIAL_NOTICE_DAYS = 3;

const window = (now: Date): [Date, Date] => [now, new Date(now.getTime() + TRIAL_NOTICE_DAYS * 24 * 3600_000)];

/** Users whose Pro trial ends within 3 days hear it once (keyed by the trial's end). */
export const trialEndingSoon = fanOut({
  // Only trials in the window whose notice was not raised yet: the rest would be skipped anyway.
  selectUsers: (env, now, page) => trialUserIdsPage(database(env.DB), page, window(now), TRIAL_ENDING),
  perUser: (env, userId, now) =>
    trialNoticeFor(env, userId, now, window(now), "trial.ending", (user, { language, timeZone }) => ({
      date: dateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone }).format(user.trialEndsAt!),
    })),
});
