import { database } from "../db/client";
import { deleteExpiredNotifications } from "../db/notifications";

/** Removes notifications past their expires_at (they are already hidden from every list). */
export async function deleteExpiredNotificationsJob(env: Env, now: Date) {
  return { affected: await deleteExpiredNotifications(database(env.DB), now) };
}
