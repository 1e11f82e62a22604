import { FEATURE_WINDOW_MS } from "../api/feature-flags";
import { database } from "../db/client";
import { launchedFlagsSince } from "../db/notifications";
import { notify } from "../notifications/notify";
import { forEachUser } from "./each-user";

// Feature names are the public roadmap's (landing catalogue).
/** One notification per user and launched flag (flags launched in the last 7 days), keyed by the launch time. */
export async function featureAnnouncements(env: Env, now: Date) {
  const flags = await launchedFlagsSince(database(env.DB), new Date(now.getTime() - FEATURE_WINDOW_MS));
  if (!flags.length) return { affected: 0 };
  let affected = 0;
  for (const flag of flags) {
    affected += await forEachUser(env, {}, async (user) => {
      // Accounts created after the launch found the feature already there.
      if (user.createdAt.getTime() > flag.updatedAt.getTime()) return false;
      const row = await notify(
        env,
        user.id,
        {
          type: "system",
          category: "features",
          priority: "low",
          template: "features",
          vars: ({ t }) => ({ names: t(`landing:roadmap.features.${flag.featureName}` as never, { defaultValue: flag.featureName }) }),
          actionUrl: "/app/meu-impacto",
          expiresAt: new Date(flag.updatedAt.getTime() + FEATURE_WINDOW_MS),
          metadata: { featureName: flag.featureName },
          dedupeKey: `feature:${flag.featureName}:${flag.updatedAt.getTime()}`,
        },
        { now: () => now },
      );
      return row !== null;
    });
  }
  return { affected };
}
