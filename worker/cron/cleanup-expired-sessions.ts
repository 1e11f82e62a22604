import { deleteExpiredAuthRecords } from "../db/maintenance";

/** Removes sessions and one-time tokens past their expiry (KV entries expire on their own TTL). */
export async function cleanupExpiredSessions(env: Env, now: Date) {
  return { affected: await deleteExpiredAuthRecords(env.DB, now) };
}
