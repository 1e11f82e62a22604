import { database } from "../db/client";
import { deleteExpiredNotifications, forgetDedupeKeys } from "../db/notifications";

/**
 * Removes notifications past their expires_at (they are already hidden from every list), and the
 * records of dedupe keys no job can raise again. The record of a key outlives its notification on
 * purpose: an expired reminder must not be sent again by the next run (decision 0103).
 */
export async function deleteExpiredNotificationsJob(env: Env, now: Date) {
  const db = database(env.DB);
  return { affected: (await deleteExpiredNotifications(db, now)) + (await forgetDedupeKeys(db, now)) };
}
