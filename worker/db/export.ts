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
import { authTokens, knownDevices, notificationDigests, notificationKeys, referrals } from "./schema";

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
      knownDevices: devices.map(({ deviceKey, createdAt, lastSeenAt }) => ({ device: deviceKey, firstSeenAt: createdAt, lastSeenAt: lastSeenAt ?? createdAt })),
    };
  },
};

const notificationsExporter: Exporter = {
  tables: ["notifications", "notification_preferences", "notification_digests", "notification_keys", "feature_checks"],
  async export(db, userId) {
    const [digests, keys] = await Promise.all([
      db.select().from(notificationDigests).where(eq(notificationDigests.userId, userId)).orderBy(asc(notificationDigests.periodKey)),
      db.select().from(notificationKeys).where(eq(notificationKeys.userId, userId)).orderBy(asc(notificationKeys.sentAt)),
    ]);
    return {
      ...(await exportNotificationData(db, userId)),
      emailDigestsSent: digests.map((d) => ({ period: d.periodKey, sentAt: d.createdAt })),
      // What each job has told the user once (the key names what it was about), deleted notifications included.
      notificationsSentOnce: keys.map((k) => ({ key: k.dedupeKey, sentAt: k.sentAt })),
    };
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

/**
 * Each exporter's keys and values, one exporter at a time: its rows are read only when the previous
 * exporter's have been taken, and let go before the next reads. Two exporters writing the same key
 * (or one of `taken`) is a bug, not a silent overwrite.
 */
async function* exportedEntries(db: Db, userId: string, exporters: readonly Exporter[], taken: Iterable<string> = []): AsyncGenerator<[string, unknown]> {
  const written = new Set(taken);
  for (const exporter of exporters) {
    for (const [key, value] of Object.entries(await exporter.export(db, userId))) {
      if (written.has(key)) throw new Error(`two exporters write "${key}"`);
      written.add(key);
      yield [key, value];
    }
  }
}

/** Every exporter's part, merged into one object (held whole: GET /me/export streams instead). */
export async function exportUserData(db: Db, userId: string, exporters: readonly Exporter[]) {
  const data: Record<string, unknown> = {};
  for await (const [key, value] of exportedEntries(db, userId, exporters)) data[key] = value;
  return data;
}

/**
 * GET /me/export's body: the JSON of `{ ...head, ...every exporter's part }`, byte for byte what
 * JSON.stringify writes, made one key at a time as the reader asks for it, so a heavy account's
 * export holds about its largest part rather than all of them (decision 0089). The first part is
 * read before the stream is returned, so a failure there (an outage) is still an error answer. A
 * later failure goes to `onError` and errors the stream: the body stops before its closing brace and
 * the transfer is cut, so a client never keeps a truncated file that looks complete.
 */
export async function streamUserData(db: Db, userId: string, exporters: readonly Exporter[], head: Record<string, unknown>, onError: (error: unknown) => void) {
  const entries = exportedEntries(db, userId, exporters, Object.keys(head));
  let first: IteratorResult<[string, unknown]> | undefined = await entries.next();
  const encoder = new TextEncoder();
  let comma = false;
  // `"key":value` as JSON.stringify writes a member: a value it leaves out (undefined) is left out.
  const member = (key: string, value: unknown) => {
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) return "";
    const text = `${comma ? "," : ""}${JSON.stringify(key)}:${json}`;
    comma = true;
    return text;
  };
  let pending = `{${Object.entries(head)
    .map(([key, value]) => member(key, value))
    .join("")}`;
  return new ReadableStream<Uint8Array>({
    // Called when the reader has taken the previous chunk (the queue holds one): one part at a time.
    // It enqueues before returning, or it would not be called again for a waiting reader.
    async pull(controller) {
      try {
        for (;;) {
          const entry = first ?? (await entries.next());
          first = undefined;
          if (entry.done) {
            controller.enqueue(encoder.encode(`${pending}}`));
            controller.close();
            return;
          }
          const text = pending + member(...entry.value);
          pending = "";
          if (text) return controller.enqueue(encoder.encode(text));
        }
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    // The client went away: read no more tables.
    async cancel() {
      await entries.return(undefined);
    },
  });
}
