/**
 * Cross-user reads for jobs that fan out through the queue (docs/decisions/0013). Each returns one
 * keyset page of user ids (ordered by id, after `afterId`) and nothing else: the queue consumer
 * then works user by user through the scoped queries. Each narrows to the users the job could
 * affect, so the cron step enqueues no one it would skip anyway.
 */
import { and, asc, eq, gt, isNotNull, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "./client";
import { fanOuts, notificationKeys, notificationPreferences, users } from "./schema";

/** One keyset page: ids greater than `afterId` (use "" for the first page), at most `limit`. */
export type IdPage = { afterId: string; limit: number };

const confirmed = isNotNull(users.emailConfirmedAt);

/** Confirmed users whose account existed at `createdBefore` (a launch is news only to them). */
export const confirmedUserIdsPage = async (db: Db, page: IdPage, createdBefore: Date): Promise<string[]> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(gt(users.id, page.afterId), confirmed, lte(users.createdAt, createdBefore)))
      .orderBy(asc(users.id))
      .limit(page.limit)
  ).map((r) => r.id);

/**
 * Confirmed users whose trial ends in (from, to] and who were not sent the dedupe key
 * `${dedupePrefix}:<trial end in ms>` yet: those already told are not enqueued every 15 minutes.
 * Read from the keys sent (notification_keys), not from the notifications: one the user deleted
 * was still sent (decision 0103).
 */
export const trialUserIdsPage = async (db: Db, page: IdPage, between: [Date, Date], dedupePrefix: string): Promise<string[]> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          gt(users.id, page.afterId),
          confirmed,
          gt(users.trialEndsAt, between[0]),
          lte(users.trialEndsAt, between[1]),
          notExists(
            db
              .select({ one: sql`1` })
              .from(notificationKeys)
              .where(and(eq(notificationKeys.userId, users.id), eq(notificationKeys.dedupeKey, sql`${dedupePrefix} || ':' || cast(${users.trialEndsAt} as integer)`))),
          ),
        ),
      )
      .orderBy(asc(users.id))
      .limit(page.limit)
  ).map((r) => r.id);

/** Users with at least one notification type set to a daily or weekly e-mail digest. */
export const digestUserIdsPage = async (db: Db, page: IdPage): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: notificationPreferences.userId })
      .from(notificationPreferences)
      .where(
        // Literals, not bound values: they match the partial index notification_preferences_digest_idx.
        and(gt(notificationPreferences.userId, page.afterId), sql`${notificationPreferences.emailEnabled} = 1 and ${notificationPreferences.frequency} in ('daily', 'weekly')`),
      )
      .orderBy(asc(notificationPreferences.userId))
      .limit(page.limit)
  ).map((r) => r.id);

/**
 * The distinct time zones of the confirmed accounts: a job at a local hour (the weekly reports, the
 * budget check) works out in code which of them are at it (SQLite knows no zones), then pages the
 * users of those zones only. From the partial index users_confirmed_time_zone_idx alone.
 */
export const userTimeZones = async (db: Db): Promise<string[]> =>
  (await db.selectDistinct({ timeZone: users.timeZone }).from(users).where(isNotNull(users.emailConfirmedAt))).map((r) => r.timeZone);

/** Whether a once-only fan-out (job, key) was already sent in full. */
export async function fanOutDone(db: Db, job: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: fanOuts.key })
    .from(fanOuts)
    .where(and(eq(fanOuts.job, job), eq(fanOuts.key, key)));
  return row !== undefined;
}

/** Records a once-only fan-out as sent (a second record of the same one is a no-op). */
export async function recordFanOut(db: Db, job: string, key: string) {
  await db.insert(fanOuts).values({ job, key }).onConflictDoNothing();
}
