/**
 * Notifications, notification preferences, known sign-in devices and feature-flag checks. Every
 * user query goes through scopedTo; the few cross-user queries (expiry, flags) say so (user ids
 * for jobs: worker/db/jobs.ts).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import {
  featureChecks,
  featureFlags,
  knownDevices,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  notificationDigests,
  notificationKeys,
  notificationPriorityRank,
  notificationPreferences,
  notifications,
  users,
} from "./schema";
import type { PageRequest } from "../lib/pagination";
import { listPageRead } from "./lists";
import { read, type Read } from "./reads";
import { ownedOr404 } from "./owned";
import { scopedTo } from "./scoped";
import { errorSays } from "../lib/unavailable";

export { NOTIFICATION_FREQUENCIES, NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES };
export type Notification = typeof notifications.$inferSelect;
export type NotificationType = Notification["type"];
export type NotificationPriority = Notification["priority"];
export type NewNotification = Omit<typeof notifications.$inferInsert, "userId">;
export type NotificationPreference = typeof notificationPreferences.$inferSelect;
export type PreferenceInput = Omit<typeof notificationPreferences.$inferInsert, "userId" | "id" | "createdAt" | "updatedAt">;
export type FeatureFlag = typeof featureFlags.$inferSelect;
export type NotificationFilter = "all" | "unread" | "priority" | "today";

/** The order of priorities, in SQL and for a row (the list's cursor holds the rank). */
const PRIORITY_RANK: Record<NotificationPriority, number> = { critical: 3, high: 2, medium: 1, low: 0 };
const priorityRank = notificationPriorityRank(notifications.priority);
/** Unread, as the unread index's own condition: a literal, so SQLite matches the partial index without knowing the bindings. */
const unread = sql`${notifications.isRead} = 0`;
const visible = (now: Date) => and(eq(notifications.inApp, true), or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)));

/**
 * Inserts a notification; returns it, or null for a duplicate. With a dedupe key, the key is
 * recorded in notification_keys in the same batch: a key recorded already (even if its
 * notification was deleted or has expired since) fails the batch, so nothing is written.
 */
export async function insertNotification(db: Db, userId: string, values: NewNotification, forgetKeyAt?: Date): Promise<Notification | null> {
  const scoped = scopedTo(db, userId);
  // The notification's own unique key stays: it refuses a key sent before notification_keys existed.
  const insert = scoped.insert(notifications, values).onConflictDoNothing().returning();
  if (!values.dedupeKey) return (await insert)[0] ?? null;
  // Every key is forgotten in its time (decision 0103, revised): none is kept for the account's life.
  if (!forgetKeyAt) throw new Error("a dedupe key needs the time it is forgotten");
  try {
    const [, rows] = await db.batch([scoped.insert(notificationKeys, { dedupeKey: values.dedupeKey, sentAt: values.createdAt ?? new Date(), forgetAt: forgetKeyAt }), insert]);
    return rows[0] ?? null;
  } catch (error) {
    if (errorSays(error, /UNIQUE constraint failed: notification_keys\./)) return null;
    throw error;
  }
}

/** Whether a notification with this dedupe key was ever raised for the user (and not forgotten yet). */
export async function dedupeKeySent(db: Db, userId: string, dedupeKey: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(notificationKeys)
    .where(scopedTo(db, userId).owned(notificationKeys, eq(notificationKeys.dedupeKey, dedupeKey)))
    .limit(1);
  return row !== undefined;
}

/**
 * The user's visible notifications: priority first, then newest (section 7 of the specification), by
 * keyset pages, as a read for a handler's own batch. `todayStart` (the user's local midnight) only
 * for the "today" filter.
 */
export function listNotificationsRead(db: Db, userId: string, options: { filter: NotificationFilter; page: PageRequest; now: Date; todayStart?: Date }) {
  const filter = {
    all: () => undefined,
    unread: () => unread,
    priority: () => inArray(notifications.priority, ["high", "critical"]),
    today: () => {
      if (!options.todayStart) throw new Error("the today filter needs the user's local midnight");
      return gte(notifications.createdAt, options.todayStart);
    },
  }[options.filter];
  return listPageRead(scopedTo(db, userId), notifications, {
    where: and(visible(options.now), filter()),
    order: [
      { by: priorityRank, desc: true, of: (n) => PRIORITY_RANK[n.priority] },
      { by: notifications.createdAt, desc: true, of: (n) => n.createdAt },
    ],
    page: options.page,
  });
}

/** How many of the user's visible notifications are unread, as a read for a handler's own batch. */
export function countUnreadRead(db: Db, userId: string, now: Date): Read<number> {
  const scoped = scopedTo(db, userId);
  return read(
    db
      .select({ n: sql<number>`count(*)` })
      .from(notifications)
      .where(scoped.owned(notifications, and(visible(now), unread))),
    ([row]) => row?.n ?? 0,
  );
}

/** The user's visible notification with this id, or a 404 (also for another user's or a malformed id). */
export const notificationOr404 = (db: Db, userId: string, id: string, now: Date): Promise<Notification> =>
  ownedOr404(scopedTo(db, userId), notifications, id, visible(now));

/**
 * Marks the given notifications (or all) read; returns the ids that changed. The ids travel as one
 * JSON parameter (`json_each`): a request may name 200, and D1 binds at most 100 per statement.
 */
export async function markNotificationsRead(db: Db, userId: string, ids: string[] | "all", now: Date): Promise<string[]> {
  const which = ids === "all" ? undefined : sql`${notifications.id} in (select value from json_each(${JSON.stringify(ids)}))`;
  const rows = await scopedTo(db, userId)
    .update(notifications, { isRead: true, readAt: now }, and(unread, visible(now), which))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

export async function markNotificationUnread(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await scopedTo(db, userId)
    .update(notifications, { isRead: false, readAt: null }, eq(notifications.id, id))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function deleteNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await scopedTo(db, userId).delete(notifications, eq(notifications.id, id)).returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Deletes notifications past their expiry across all users, at most `batch` rows per statement.
 * A deliberate cross-user query: it reads nothing and only removes what nobody can see any more.
 */
export async function deleteExpiredNotifications(db: Db, now: Date, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(isNotNull(notifications.expiresAt), lte(notifications.expiresAt, now)))
      .limit(batch);
    const result = await db.delete(notifications).where(inArray(notifications.id, expired));
    total += result.meta.changes;
    if (result.meta.changes < batch) return total;
  }
}

/**
 * Forgets, across all users, the dedupe keys whose jobs can no longer raise them (`forget_at`
 * passed). A deliberate cross-user delete: it reads nothing.
 */
export async function forgetDedupeKeys(db: Db, now: Date): Promise<number> {
  const result = await db.delete(notificationKeys).where(and(isNotNull(notificationKeys.forgetAt), lte(notificationKeys.forgetAt, now)));
  return result.meta.changes;
}

// Preferences ---------------------------------------------------------------------------------

export const listPreferences = async (db: Db, userId: string) =>
  scopedTo(db, userId).select(notificationPreferences);

export async function getPreference(db: Db, userId: string, type: NotificationType): Promise<NotificationPreference | null> {
  const [row] = await scopedTo(db, userId).select(notificationPreferences, eq(notificationPreferences.notificationType, type));
  return row ?? null;
}

/** Creates or replaces the user's preference for each given type, in one batch. */
export async function upsertPreferences(db: Db, userId: string, items: (PreferenceInput & { id: string })[], now: Date) {
  const scoped = scopedTo(db, userId);
  await scoped.batch(
    items.map(({ id, ...item }) =>
      scoped
        .insert(notificationPreferences, { id, ...item })
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.notificationType], set: { ...item, updatedAt: now } }),
    ),
  );
}

// Sign-in devices -----------------------------------------------------------------------------

/** A device (its key holds an IP address) not signed in from for this long is forgotten. */
export const KNOWN_DEVICE_RETENTION_DAYS = 180;

/** Remembers a sign-in from a device at `now`; true when the user had not signed in from it (or not within the retention). */
export async function rememberDevice(db: Db, userId: string, deviceKey: string, now: Date): Promise<boolean> {
  const scoped = scopedTo(db, userId);
  const [inserted] = await db.batch([
    scoped.insert(knownDevices, { deviceKey, createdAt: now, lastSeenAt: now }).onConflictDoNothing().returning({ key: knownDevices.deviceKey }),
    scoped.update(knownDevices, { lastSeenAt: now }, eq(knownDevices.deviceKey, deviceKey)),
  ]);
  return inserted.length > 0;
}

/**
 * Forgets, across all users, the devices last signed in from before `before` (rows from before the
 * last-seen column count from their first sign-in). A deliberate cross-user delete: it reads nothing.
 */
export async function deleteStaleKnownDevices(db: Db, before: Date): Promise<number> {
  const result = await db.delete(knownDevices).where(lt(sql`coalesce(${knownDevices.lastSeenAt}, ${knownDevices.createdAt})`, before.getTime()));
  return result.meta.changes;
}

// Feature flags -------------------------------------------------------------------------------

/** Launched flags updated after `since` (flags are product data, not user data). */
export const launchedFlagsSince = (db: Db, since: Date) =>
  db
    .select()
    .from(featureFlags)
    .where(and(eq(featureFlags.releaseStatus, "launched"), gt(featureFlags.updatedAt, since)))
    .orderBy(desc(featureFlags.updatedAt));

export async function getFeatureCheck(db: Db, userId: string): Promise<Date | null> {
  const [row] = await scopedTo(db, userId).select(featureChecks);
  return row?.checkedAt ?? null;
}

export async function setFeatureCheck(db: Db, userId: string, at: Date) {
  await scopedTo(db, userId).insert(featureChecks, { checkedAt: at }).onConflictDoUpdate({ target: featureChecks.userId, set: { checkedAt: at } });
}

/** Operators (and tests) launch a flag: it is announced for 7 days from now. */
export async function setFlagStatus(db: Db, featureName: string, releaseStatus: FeatureFlag["releaseStatus"], at: Date) {
  await db.update(featureFlags).set({ releaseStatus, updatedAt: at }).where(eq(featureFlags.featureName, featureName));
}

/**
 * Everything of the user's notification data, for the account export: every notification, those
 * the bell does not show too (in-app off for their type, kept for the e-mail digests), with `inApp`.
 */
export async function exportNotificationData(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const items = await scoped.select(notifications).orderBy(asc(notifications.createdAt));
  const preferences = await listPreferences(db, userId);
  return {
    notifications: items.map(({ userId: _u, dedupeKey: _d, ...n }) => n),
    notificationPreferences: preferences.map(({ userId: _u, ...p }) => p),
    featureCheckAt: await getFeatureCheck(db, userId),
  };
}

// E-mail digests -------------------------------------------------------------------------------

/** Claims a digest period for the user; false when it was already sent (or is being sent). */
export async function claimDigest(db: Db, userId: string, periodKey: string): Promise<boolean> {
  const result = await db.insert(notificationDigests).values({ userId, periodKey }).onConflictDoNothing();
  return result.meta.changes > 0;
}

/** The user's notifications of these types created since `since`, newest first (at most 50). */
export const notificationsSince = (db: Db, userId: string, types: NotificationType[], since: Date) =>
  scopedTo(db, userId)
    .select(notifications, and(inArray(notifications.type, types), gte(notifications.createdAt, since)))
    .orderBy(desc(notifications.createdAt))
    .limit(50);

/** Every feature flag (product data, not user data), for the public roadmap. */
export const listFeatureFlags = (db: Db) => db.select().from(featureFlags);
