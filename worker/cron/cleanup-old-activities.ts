import { forgetOldActivities } from "../db/activities";
import { database } from "../db/client";

/**
 * What activity rows say is cleared after 90 days; the bare rows go after 155, once the impact
 * dashboard's five months no longer reach them (docs/decisions/0109). Metrics and analytics read 30.
 */
export async function cleanupOldActivities(env: Env, now: Date) {
  return { affected: await forgetOldActivities(database(env.DB), now) };
}
