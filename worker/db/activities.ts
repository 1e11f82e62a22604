/**
 * user_activities (issue 16, docs/decisions/0037): the session events the app posts, scoped by
 * user; the nightly cleanup is the only cross-user write.
 */
import { and, asc, gte, lt, sql } from "drizzle-orm";
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

/** Activity rows are kept this long (the specification reads 30 days; analytics read up to 30). */
export const ACTIVITY_RETENTION_DAYS = 90;

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

/** Deletes every user's rows older than `before` (the nightly retention job). */
export async function deleteActivitiesBefore(db: Db, before: Date) {
  const result = await db.delete(userActivities).where(lt(userActivities.createdAt, before));
  return result.meta.changes ?? 0;
}
