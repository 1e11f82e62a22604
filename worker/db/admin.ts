/**
 * Data access of the admin and operations screens (issue 19, docs/decisions/0032). These queries
 * read across users on purpose — the admin role is checked before any of them runs (worker/api/
 * admin.ts) — and they read platform tables only: accounts, sessions, subscriptions, feedback,
 * feature flags, the operations tables and user_activities (counts only). No module table is ever read here.
 */
import { and, asc, desc, eq, gte, is, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { encodeCursor, invalidCursor, type PageRequest } from "../lib/pagination";
import type { Db } from "./client";
import {
  auditLog,
  AUDIT_OUTCOMES,
  cronRuns,
  errorCounts,
  featureFlags,
  feedback,
  FEEDBACK_STATUSES,
  incidents,
  profiles,
  RELEASE_STATUSES,
  serviceResults,
  sessions,
  stripeEvents,
  subscriptions,
  userActivities,
  users,
} from "./schema";
import * as schema from "./schema";

export { AUDIT_OUTCOMES, FEEDBACK_STATUSES, RELEASE_STATUSES };
export { INCIDENT_IMPACTS, INCIDENT_STATUSES } from "./schema";
export type AuditEntry = typeof auditLog.$inferSelect;
export type Incident = typeof incidents.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

// Audit log ------------------------------------------------------------------------------------

export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, "createdAt">;

/** Appends one entry. There is no update function, and nothing deletes an entry within its year: the log is append-only (D1 triggers too). */
export async function appendAudit(db: Db, entry: NewAuditEntry) {
  await db.insert(auditLog).values({ ...entry, userAgent: (entry.userAgent ?? "").slice(0, 400) });
}

/** How long an entry is kept: it holds an admin's e-mail, IP address and browser. */
export const AUDIT_LOG_RETENTION_DAYS = 365;

/**
 * Deletes the entries older than the retention and a day, across all admins. By D1's clock, not the
 * caller's: the trigger that guards the log (migrations/20261206145016_audit_log_retention.sql)
 * refuses to delete anything younger than 365 days by that clock, and the day between keeps the
 * two from disagreeing about an entry at the edge.
 */
export async function deleteExpiredAuditEntries(db: Db): Promise<number> {
  const result = await db.delete(auditLog).where(sql`${auditLog.createdAt} < (unixepoch() - ${sql.raw(String((AUDIT_LOG_RETENTION_DAYS + 1) * 86_400))}) * 1000`);
  return result.meta.changes;
}

export type AuditFilter = { action?: string; actorId?: string; targetId?: string; outcome?: AuditOutcome; from?: Date; to?: Date };

/** Newest first, keyset on (created_at, id). */
export async function listAudit(db: Db, filter: AuditFilter, page: PageRequest) {
  const cursor = page.cursor;
  if (cursor && (cursor.length !== 2 || typeof cursor[0] !== "number" || typeof cursor[1] !== "string")) throw invalidCursor();
  const where = and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.outcome ? eq(auditLog.outcome, filter.outcome) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
    cursor ? sql`(${auditLog.createdAt} < ${cursor[0]} or (${auditLog.createdAt} = ${cursor[0]} and ${auditLog.id} < ${cursor[1]}))` : undefined,
  );
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const tail = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && tail ? encodeCursor([tail.createdAt.getTime(), tail.id]) : null };
}

// Users ----------------------------------------------------------------------------------------

const lastSeen = sql<number | null>`(select max(${sessions.lastUsedAt}) from ${sessions} where ${sessions.userId} = ${users.id})`;

const userSummary = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  role: users.role,
  createdAt: users.createdAt,
  emailConfirmedAt: users.emailConfirmedAt,
  disabledAt: users.disabledAt,
  trialEndsAt: users.trialEndsAt,
  bonusProUntil: users.bonusProUntil,
  tier: subscriptions.tier,
  subscriptionStatus: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  lastSeenAt: lastSeen,
};

/**
 * Users, newest first (keyset on created_at, id), optionally those whose e-mail or name contains
 * `q` (case-insensitive for ASCII). instr(), not LIKE: D1 refuses LIKE patterns over 50 bytes (a
 * pasted e-mail with a name was a 500), and the text is matched as it is, `%` and `_` included.
 * It is a bound parameter: SQL in it is just text to look for.
 */
export async function searchUsers(db: Db, q: string | undefined, page: PageRequest) {
  const cursor = page.cursor;
  if (cursor && (cursor.length !== 2 || typeof cursor[0] !== "number" || typeof cursor[1] !== "string")) throw invalidCursor();
  const text = q?.toLowerCase();
  const where = and(
    text ? or(sql`instr(lower(${users.email}), ${text}) > 0`, sql`instr(lower(${users.fullName}), ${text}) > 0`) : undefined,
    cursor ? sql`(${users.createdAt} < ${cursor[0]} or (${users.createdAt} = ${cursor[0]} and ${users.id} < ${cursor[1]}))` : undefined,
  );
  const rows = await db
    .select(userSummary)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const tail = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && tail ? encodeCursor([tail.createdAt.getTime(), tail.id]) : null };
}

export type UserSummary = Awaited<ReturnType<typeof searchUsers>>["items"][number];

/** One user's account facts (no module content): the summary plus counts of platform rows. */
export async function userFacts(db: Db, userId: string) {
  const [summary] = await db.select(userSummary).from(users).leftJoin(subscriptions, eq(subscriptions.userId, users.id)).where(eq(users.id, userId));
  if (!summary) return null;
  const [extra] = await db
    .select({
      language: users.language,
      timeZone: users.timeZone,
      twoFactor: sql<number>`${users.totpEnabledAt} is not null`,
      hasPassword: sql<number>`${users.passwordHash} is not null`,
      googleLinked: sql<number>`${users.googleSub} is not null`,
      onboarded: profiles.hasCompletedOnboarding,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      activeSessions: sql<number>`(select count(*) from ${sessions} where ${sessions.userId} = ${users.id})`,
      feedbackCount: sql<number>`(select count(*) from ${feedback} where ${feedback.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return { ...summary, ...extra };
}

/** Accounts that can act as admins: the role, a confirmed address, not disabled. */
export async function countActiveAdmins(db: Db) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.role, "admin"), isNotNull(users.emailConfirmedAt), isNull(users.disabledAt)));
  return row?.n ?? 0;
}

export async function setUserDisabled(db: Db, userId: string, at: Date | null) {
  await db.update(users).set({ disabledAt: at, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setUserRole(db: Db, userId: string, role: "user" | "admin") {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

// Analytics (aggregates only) -------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Raw counts for the analytics screen; worker/admin/analytics.ts applies the small-group rule. */
export async function analyticsCounts(db: Db, now: Date, days: number) {
  const since = new Date(now.getTime() - days * DAY_MS);
  const t = now.getTime();
  const count = sql<number>`count(*)`;
  const [totals] = await db
    .select({
      users: count,
      confirmed: sql<number>`sum(${users.emailConfirmedAt} is not null)`,
      trialsEnded: sql<number>`sum(${users.trialEndsAt} is not null and ${users.trialEndsAt} <= ${t})`,
      convertedAfterTrial: sql<number>`sum(${users.trialEndsAt} is not null and ${users.trialEndsAt} <= ${t} and exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${users.id} and ${subscriptions.tier} <> 'free' and ${subscriptions.status} in ('active', 'past_due')))`,
    })
    .from(users);
  const signups = await db
    .select({ date: sql<string>`date(${users.createdAt} / 1000, 'unixepoch')`, n: count })
    .from(users)
    .where(gte(users.createdAt, since))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  // Active users: distinct users with activity rows (session events) in the window (0037).
  const active = async (windowMs: number) => {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${userActivities.userId})` })
      .from(userActivities)
      .where(gte(userActivities.createdAt, new Date(t - windowMs)));
    return row?.n ?? 0;
  };
  // Module usage: distinct users whose activity came from each module's screens in the last 30 days.
  const moduleUsage = await db
    .select({ module: sql<string>`${userActivities.module}`, n: sql<number>`count(distinct ${userActivities.userId})` })
    .from(userActivities)
    .where(and(gte(userActivities.createdAt, new Date(t - 30 * DAY_MS)), isNotNull(userActivities.module)))
    .groupBy(userActivities.module)
    .orderBy(sql`2 desc`, userActivities.module);
  const paying = await db
    .select({ tier: subscriptions.tier, n: count })
    .from(subscriptions)
    .where(and(sql`${subscriptions.tier} <> 'free'`, sql`${subscriptions.status} in ('active', 'past_due')`))
    .groupBy(subscriptions.tier);
  const [subs] = await db
    .select({
      everSubscribed: sql<number>`sum(${subscriptions.status} is not null)`,
      canceled: sql<number>`sum(${subscriptions.status} = 'canceled')`,
    })
    .from(subscriptions);
  // Module usage from the platform side only: the modules users put first at onboarding.
  const modules = await db
    .select({ module: sql<string>`value`, n: count })
    .from(sql`${profiles}, json_each(${profiles.firstModules})`)
    .groupBy(sql`value`)
    .orderBy(sql`2 desc`);
  return {
    totals: {
      users: totals?.users ?? 0,
      confirmed: totals?.confirmed ?? 0,
      trialsEnded: totals?.trialsEnded ?? 0,
      convertedAfterTrial: totals?.convertedAfterTrial ?? 0,
      everSubscribed: subs?.everSubscribed ?? 0,
      canceled: subs?.canceled ?? 0,
    },
    signups: signups.map((r) => ({ date: r.date, count: r.n })),
    active: { daily: await active(DAY_MS), weekly: await active(7 * DAY_MS), monthly: await active(30 * DAY_MS) },
    paying: paying.map((r) => ({ tier: r.tier, count: r.n })),
    modules: modules.map((r) => ({ module: r.module, count: r.n })),
    moduleUsage: moduleUsage.map((r) => ({ module: r.module, count: r.n })),
  };
}

// Cron runs, service results, error counts ------------------------------------------------------

export async function recordCronRun(db: Db, run: typeof cronRuns.$inferInsert) {
  await db.insert(cronRuns).values(run);
}

/** The latest run of each job. */
export async function lastCronRuns(db: Db) {
  return db
    .select()
    .from(cronRuns)
    .where(sql`${cronRuns.startedAt} = (select max(r2.started_at) from ${cronRuns} r2 where r2.job = ${cronRuns.job})`)
    .orderBy(asc(cronRuns.job));
}

export async function recordServiceResult(db: Db, service: string, ok: boolean, detail: string, at: Date) {
  await db
    .insert(serviceResults)
    .values({ service, ok, detail: detail.slice(0, 300), at })
    .onConflictDoUpdate({ target: serviceResults.service, set: { ok, detail: detail.slice(0, 300), at } });
}

export const serviceResult = (db: Db, service: string) => db.query.serviceResults.findFirst({ where: eq(serviceResults.service, service) });

export const ERROR_BUCKET_MS = 5 * 60_000;

/** Error answers for a route pattern in a 5-minute bucket, added to its row (a single upsert). */
// The upsert of a lone count is built once per client (docs/decisions/0041).
const errorCountUpserts = new WeakMap<Db, ReturnType<typeof prepareErrorCountUpsert>>();
const prepareErrorCountUpsert = (db: Db) =>
  db
    .insert(errorCounts)
    .values({ route: sql.placeholder("route"), bucket: sql.placeholder("bucket"), clientErrors: sql.placeholder("client"), serverErrors: sql.placeholder("server") })
    .onConflictDoUpdate({
      target: [errorCounts.route, errorCounts.bucket],
      set: { clientErrors: sql`${errorCounts.clientErrors} + excluded.client_errors`, serverErrors: sql`${errorCounts.serverErrors} + excluded.server_errors` },
    })
    .prepare();

/** Adds counts of error answers: one upsert per route and bucket, all in one round trip. */
export async function addErrorCounts(db: Db, counts: readonly { route: string; at: Date; client: number; server: number }[]) {
  const rows = counts.map(({ route, at, client, server }) => ({ route, bucket: Math.floor(at.getTime() / ERROR_BUCKET_MS) * ERROR_BUCKET_MS, client, server }));
  if (rows.length === 0) return;
  if (rows.length === 1) {
    let upsert = errorCountUpserts.get(db);
    if (!upsert) {
      upsert = prepareErrorCountUpsert(db);
      errorCountUpserts.set(db, upsert);
    }
    await upsert.run(rows[0]);
    return;
  }
  const statement = (row: (typeof rows)[number]) =>
    db
      .insert(errorCounts)
      .values({ route: row.route, bucket: row.bucket, clientErrors: row.client, serverErrors: row.server })
      .onConflictDoUpdate({
        target: [errorCounts.route, errorCounts.bucket],
        set: { clientErrors: sql`${errorCounts.clientErrors} + excluded.client_errors`, serverErrors: sql`${errorCounts.serverErrors} + excluded.server_errors` },
      });
  const [first, ...rest] = rows.map(statement);
  await db.batch([first, ...rest]);
}

/** Error answers per route since `since`, most server errors first; older buckets are pruned. */
export async function errorCountsSince(db: Db, since: Date) {
  // Keeping a day is enough for the health screen; the table stays tiny.
  await db.delete(errorCounts).where(lt(errorCounts.bucket, since.getTime() - DAY_MS));
  return db
    .select({ route: errorCounts.route, clientErrors: sql<number>`sum(${errorCounts.clientErrors})`, serverErrors: sql<number>`sum(${errorCounts.serverErrors})` })
    .from(errorCounts)
    .where(gte(errorCounts.bucket, Math.floor(since.getTime() / ERROR_BUCKET_MS) * ERROR_BUCKET_MS))
    .groupBy(errorCounts.route)
    .orderBy(sql`3 desc`, sql`2 desc`);
}

// Readiness facts ------------------------------------------------------------------------------

/** The newest Stripe event the webhook verified and applied, if any. */
export async function lastStripeEvent(db: Db) {
  const [row] = await db.select({ at: sql<number | null>`max(${stripeEvents.processedAt})` }).from(stripeEvents);
  return row?.at ? new Date(row.at) : null;
}

/**
 * Tables and columns the platform schema (this code) expects that D1 lacks: empty once every
 * migration shipped with the code has been applied.
 */
export async function missingSchema(d1: D1Database): Promise<string[]> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable)).map((table) => getTableConfig(table));
  // D1 refuses a join over sqlite_master; one table-valued pragma per table (names from the code, not from input) is allowed.
  const answers = await d1.batch<{ tableName: string; columnName: string }>(
    tables.map((table) => d1.prepare(`select '${table.name}' as tableName, name as columnName from pragma_table_info('${table.name}')`)),
  );
  const live = new Set(answers.flatMap((answer) => answer.results.map((r) => `${r.tableName}.${r.columnName}`)));
  return tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)).filter((column) => !live.has(column));
}

// Feature flags --------------------------------------------------------------------------------

export const listFlags = (db: Db) => db.select().from(featureFlags).orderBy(asc(featureFlags.featureName));
export const findFlag = (db: Db, id: string) => db.query.featureFlags.findFirst({ where: eq(featureFlags.id, id) });

/**
 * Changes a flag. `updated_at` marks a release-status change only: the announcements job keys
 * "launched" on it, so a reworded description must not announce a feature a second time.
 */
export async function updateFlag(db: Db, current: typeof featureFlags.$inferSelect, set: { description?: string; releaseStatus?: (typeof RELEASE_STATUSES)[number] }, at: Date) {
  const statusChanges = set.releaseStatus !== undefined && set.releaseStatus !== current.releaseStatus;
  await db
    .update(featureFlags)
    .set({ ...set, ...(statusChanges ? { updatedAt: at } : {}) })
    .where(eq(featureFlags.id, current.id));
}

// Feedback inbox ---------------------------------------------------------------------------------

export async function listFeedbackInbox(db: Db, status: (typeof FEEDBACK_STATUSES)[number] | undefined, page: PageRequest) {
  const cursor = page.cursor;
  if (cursor && (cursor.length !== 2 || typeof cursor[0] !== "number" || typeof cursor[1] !== "string")) throw invalidCursor();
  const where = and(
    status ? eq(feedback.status, status) : undefined,
    cursor ? sql`(${feedback.createdAt} < ${cursor[0]} or (${feedback.createdAt} = ${cursor[0]} and ${feedback.id} < ${cursor[1]}))` : undefined,
  );
  const rows = await db.select().from(feedback).where(where).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const tail = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && tail ? encodeCursor([tail.createdAt.getTime(), tail.id]) : null };
}

export const findFeedback = (db: Db, id: string) => db.query.feedback.findFirst({ where: eq(feedback.id, id) });

export async function updateFeedback(db: Db, id: string, set: { status?: FeedbackRow["status"]; reply?: string; repliedAt?: Date }) {
  await db.update(feedback).set(set).where(eq(feedback.id, id));
}

// Incidents ------------------------------------------------------------------------------------

export const listIncidents = (db: Db, limit = 100) => db.select().from(incidents).orderBy(desc(incidents.startedAt), desc(incidents.id)).limit(limit);
export const findIncident = (db: Db, id: string) => db.query.incidents.findFirst({ where: eq(incidents.id, id) });

/** Open incidents, and those resolved in the last `recentMs` (the public page's history). */
export const publicIncidents = (db: Db, now: Date, recentMs: number) =>
  db
    .select()
    .from(incidents)
    .where(or(isNull(incidents.resolvedAt), gte(incidents.resolvedAt, new Date(now.getTime() - recentMs))) as SQL)
    .orderBy(desc(incidents.startedAt))
    .limit(50);

export async function insertIncident(db: Db, incident: typeof incidents.$inferInsert) {
  await db.insert(incidents).values(incident);
}

export async function updateIncident(db: Db, id: string, set: Partial<Omit<typeof incidents.$inferInsert, "id" | "createdAt">>) {
  await db
    .update(incidents)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(incidents.id, id));
}

export async function deleteIncident(db: Db, id: string) {
  const result = await db.delete(incidents).where(eq(incidents.id, id));
  return result.meta.changes > 0;
}
