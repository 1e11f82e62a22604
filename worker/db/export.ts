/**
 * GET /me/export, derived from exporters: the platform's below and every module's (its manifest's
 * `exporter`). Each exporter names the tables it covers, so tests/worker/modules-omissions.test.ts
 * can fail when a table with user rows is in none (the export once missed feedback and devices).
 */
import { asc, eq } from "drizzle-orm";
import type { Exporter } from "../modules/types";
import { exportAccount } from "./accounts";
import { exportActivities } from "./activities";
import { exportBillingData } from "./billing";
import type { Db } from "./client";
import { listFeedback } from "./feedback";
import { listIdempotencyKeys } from "./idempotency";
import { exportNotificationData } from "./notifications";
import { authTokens, knownDevices, notificationDigests, referrals } from "./schema";

const accountExporter: Exporter = {
  tables: ["users", "profiles", "sessions", "auth_tokens", "known_devices"],
  async export(db, userId) {
    const [account, tokens, devices] = await Promise.all([
      exportAccount(db, userId),
      db.select().from(authTokens).where(eq(authTokens.userId, userId)).orderBy(asc(authTokens.createdAt)),
      db.select().from(knownDevices).where(eq(knownDevices.userId, userId)).orderBy(asc(knownDevices.createdAt)),
    ]);
    return {
      ...account,
      // The token's id is the hash a link carries: only what it was for and when.
      emailLinks: tokens.map(({ kind, email, expiresAt, usedAt, createdAt }) => ({ kind, email, expiresAt, usedAt, createdAt })),
      knownDevices: devices.map(({ deviceKey, createdAt }) => ({ device: deviceKey, firstSeenAt: createdAt })),
    };
  },
};

const notificationsExporter: Exporter = {
  tables: ["notifications", "notification_preferences", "notification_digests", "feature_checks"],
  async export(db, userId) {
    const digests = await db.select().from(notificationDigests).where(eq(notificationDigests.userId, userId)).orderBy(asc(notificationDigests.periodKey));
    return { ...(await exportNotificationData(db, userId)), emailDigestsSent: digests.map((d) => ({ period: d.periodKey, sentAt: d.createdAt })) };
  },
};

/**
 * The search index (search_docs, docs/decisions/0036-search-fts5.md) holds copies of the items the
 * modules' exporters already export, kept by triggers, and search_owners only the user's id and the
 * start of their range of index rowids: nothing of its own to add.
 */
const searchIndexExporter: Exporter = { tables: ["search_docs", "search_owners"], export: async () => ({}) };

const billingExporter: Exporter = {
  tables: ["subscriptions", "coupon_redemptions", "referrals"],
  async export(db, userId) {
    const { billing } = await exportBillingData(db, userId);
    // The user's own side of a referral (never who invited them: that is the other user's id).
    const invitedBy = await db.select({ referredAt: referrals.createdAt, firstPaidAt: referrals.firstPaidAt }).from(referrals).where(eq(referrals.referredId, userId));
    return { billing: { ...billing, referral: invitedBy[0] ?? null } };
  },
};

const feedbackExporter: Exporter = {
  tables: ["feedback"],
  async export(db, userId) {
    const rows = await listFeedback(db, userId);
    return { feedback: rows.map(({ userId: _userId, ...row }) => row) };
  },
};

const activitiesExporter: Exporter = {
  tables: ["user_activities"],
  async export(db, userId) {
    return { activities: await exportActivities(db, userId) };
  },
};

/** Keys of the last day's offline-queue writes (what was sent where; the answers are the data itself). */
const idempotencyExporter: Exporter = {
  tables: ["idempotency_keys"],
  async export(db, userId) {
    return { recentWriteKeys: await listIdempotencyKeys(db, userId) };
  },
};

export const PLATFORM_EXPORTERS: readonly Exporter[] = [accountExporter, notificationsExporter, billingExporter, feedbackExporter, searchIndexExporter, activitiesExporter, idempotencyExporter];

/** Every exporter's part, merged; two exporters writing the same key is a bug, not a silent overwrite. */
export async function exportUserData(db: Db, userId: string, exporters: readonly Exporter[]) {
  const parts = await Promise.all(exporters.map((exporter) => exporter.export(db, userId)));
  const data: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key in data) throw new Error(`two exporters write "${key}"`);
      data[key] = value;
    }
  }
  return data;
}
