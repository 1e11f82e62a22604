import { ACTIVITY_RETENTION_DAYS, deleteActivitiesBefore } from "../db/activities";
import { database } from "../db/client";

/** Deletes activity rows older than the retention (90 days): the dashboard and analytics read at most 30. */
export async function cleanupOldActivities(env: Env, now: Date) {
  return { affected: await deleteActivitiesBefore(database(env.DB), new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * 86_400_000)) };
}
