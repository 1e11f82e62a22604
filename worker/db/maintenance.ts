import { lt } from "drizzle-orm";
import { database } from "./client";
import { authTokens, sessions } from "./schema";

/**
 * Deletes every session and one-time token that has expired, across all users. This is the one
 * deliberate cross-user query: it reads no user data and only removes what can no longer be used.
 */
export async function deleteExpiredAuthRecords(d1: D1Database, now: Date): Promise<number> {
  const db = database(d1);
  const [deletedSessions, deletedTokens] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.delete(authTokens).where(lt(authTokens.expiresAt, now)),
  ]);
  return deletedSessions.meta.changes + deletedTokens.meta.changes;
}
