import { FEATURE_WINDOW_MS } from "../api/feature-flags";
import { database } from "../db/client";
import { confirmedUserIdsPage } from "../db/jobs";
import { launchedFlagsSince } from "../db/notifications";
import { notify } from "../notifications/notify";
import { fanOut } from "./fan-out";

/** A launched flag as carried in the queue message (JSON: the launch time in ms). */
type Launch = { featureName: string; launchedAt: number };

/**
 * One notification per user and flag launched in the last 7 days, keyed by the launch time. Each
 * launch fans out once (recorded in fan_outs), to the accounts that existed at the launch:
 * later accounts found the feature already there.
 */
export const featureAnnouncements = fanOut<Launch>({
  async targets(env, now) {
    const flags = await launchedFlagsSince(database(env.DB), new Date(now.getTime() - FEATURE_WINDOW_MS));
    return flags.map((flag) => {
      const launch = { featureName: flag.featureName, launchedAt: flag.updatedAt.getTime() };
      return { payload: launch, once: `${launch.featureName}:${launch.launchedAt}` };
    });
  },
  selectUsers: (env, _now, page, launch) => confirmedUserIdsPage(database(env.DB), page, new Date(launch.launchedAt)),
  async perUser(env, userId, now, { featureName, launchedAt }) {
    const row = await notify(
      env,
      userId,
      {
        type: "system",
        category: "features",
        priority: "low",
        template: "features",
        // Feature names are the public roadmap's (landing catalogue).
        vars: ({ t }) => ({ names: t(`landing:roadmap.features.${featureName}` as never, { defaultValue: featureName }) }),
        actionUrl: "/app/meu-impacto",
        expiresAt: new Date(launchedAt + FEATURE_WINDOW_MS),
        metadata: { featureName },
        dedupeKey: `feature:${featureName}:${launchedAt}`,
        // A launch is announced within its window only.
        dedupeUntil: new Date(launchedAt + FEATURE_WINDOW_MS + 86_400_000),
      },
      { now: () => now },
    );
    return row !== null;
  },
});
