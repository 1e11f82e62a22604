/**
 * user_activities (issue 16, docs/decisions/0037): the session events the app posts, scoped by
 * user; the nightly cleanup is the only cross-user write.
 */
import { and, asc, gte, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { known, read, run, type Read } from "./reads";
import { ACTIVITY_TYPES, userActivities } from "./schema";
import { scopedTo } from "./scoped";

export { ACTIVITY_TYPES };
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export type NewActivity = {
  id: string;
  activityType: ActivityType;
  activityTitle: string;
  activityDescription: string;
  metadata: Record<string, unknown>;
  route: string | null;
  module: string | null;
  createdAt: Date;
};

/**
 * What an activity row says (its path, module, title, description and metadata) is kept this long;
 * the section 9 metrics and analytics read 30 days of it.
 */
export const ACTIVITY_RETENTION_DAYS = 90;
/**
 * The bare row (its type and instant) is kept this long, for the impact dashboard's chart of the last
 * five months in the user's zone: the running month and the four before it reach back up to 154
 * days (31 + 123), a day more for a zone behind UTC. Deleting whole rows at 90 days emptied the
 * chart's two oldest months of every long-time user (docs/decisions/0109).
 */
export const ACTIVITY_COUNT_RETENTION_DAYS = 155;
/** The slice of rows past ACTIVITY_RETENTION_DAYS the nightly job clears: nights it may miss in a row. */
const CLEAR_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

export async function insertActivity(db: Db, userId: string, activity: NewActivity) {
  await scopedTo(db, userId).insert(userActivities, activity);
}

/** Rows since `from` (the dashboard's "a": activities in the last 30 days). */
export const countActivitiesSinceRead = (db: Db, userId: string, from: Date) =>
  read(
    db
      .select({ n: sql<number>`count(*)` })
      .from(userActivities)
      .where(scopedTo(db, userId).owned(userActivities, gte(userActivities.createdAt, from))),
    ([row]) => row?.n ?? 0,
  );

export async function countActivitiesSince(db: Db, userId: string, from: Date) {
  return run(db, countActivitiesSinceRead(db, userId, from));
}

/** Rows per [from, to) range, in one query over the user's index. */
export function countActivitiesInRead(db: Db, userId: string, ranges: readonly { from: Date; to: Date }[]): Read<number[]> {
  if (!ranges.length) return known([]);
  const first = ranges[0].from;
  const last = ranges[ranges.length - 1].to;
  const columns = Object.fromEntries(
    // Aliased: in a D1 batch rows come back as objects keyed by column name, and the unaliased
    // expressions (same text, different parameters) would overwrite each other.
    ranges.map((r, i) => [`r${i}`, sql<number>`coalesce(sum(${userActivities.createdAt} >= ${r.from.getTime()} and ${userActivities.createdAt} < ${r.to.getTime()}), 0)`.as(`r${i}`)]),
  );
  return read(
    db
      .select(columns)
      .from(userActivities)
      .where(scopedTo(db, userId).owned(userActivities, and(gte(userActivities.createdAt, first), lt(userActivities.createdAt, last)))),
    ([row]) => ranges.map((_, i) => Number(row?.[`r${i}`] ?? 0)),
  );
}

export async function countActivitiesIn(db: Db, userId: string, ranges: readonly { from: Date; to: Date }[]) {
  return run(db, countActivitiesInRead(db, userId, ranges));
}

/** The user's rows, oldest first, without the user id (GET /me/export). */
export async function exportActivities(db: Db, userId: string) {
  const rows = await scopedTo(db, userId).select(userActivities).orderBy(asc(userActivities.createdAt));
  return rows.map(({ userId: _userId, ...row }) => row);
}

/**
 * The nightly cleanup (cross-user): clears what the rows older than ACTIVITY_RETENTION_DAYS say and
 * deletes the rows older than ACTIVITY_COUNT_RETENTION_DAYS, in one batch; the rows changed.
 * Only the last week's slice past the 90 days is cleared (on the created-at index), and only its
 * rows not cleared yet are written.
 */
export async function forgetOldActivities(db: Db, now: Date) {
  const contentBefore = now.getTime() - ACTIVITY_RETENTION_DAYS * DAY_MS;
  const [cleared, deleted] = await db.batch([
    db
      .update(userActivities)
      .set({ metadata: {}, route: null, module: null, activityTitle: "", activityDescription: "" })
      .where(
        and(
          gte(userActivities.createdAt, new Date(contentBefore - CLEAR_WINDOW_DAYS * DAY_MS)),
          lt(userActivities.createdAt, new Date(contentBefore)),
          or(isNotNull(userActivities.route), isNotNull(userActivities.module), ne(userActivities.activityTitle, ""), ne(userActivities.activityDescription, ""), sql`${userActivities.metadata} != '{}'`),
        ),
      ),
    db.delete(userActivities).where(lt(userActivities.createdAt, new Date(now.getTime() - ACTIVITY_COUNT_RETENTION_DAYS * DAY_MS))),
  ]);
  return (cleared.meta.changes ?? 0) + (deleted.meta.changes ?? 0);
}
