/** The reports module's only data access: every query of report rows is scoped by the user id. */
import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import { onPlanAmong } from "../../db/billing";
import { paidPlansWith } from "~/lib/entitlements";
import type { Db } from "../../db/client";
import type { IdPage } from "../../db/jobs";
import { listPageRead } from "../../db/lists";
import { read, run, type Read } from "../../db/reads";
import { users } from "../../db/schema";
import { scopedTo } from "../../db/scoped";
import { apiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import type { WeeklyReport } from "./builder";
import { weeklyReports, type WeeklyReportRow } from "./schema";

/** A stored report as the API answers it. */
export const publicReport = (row: WeeklyReportRow) => ({ id: row.id, weekStart: row.weekStart, createdAt: row.createdAt.toISOString(), data: row.data });

/**
 * Stores the week's report unless one exists (the unique (user, week) index is the conflict
 * target, so two runs racing each other still store one). Returns the row when it was new.
 */
export async function insertReport(db: Db, userId: string, report: WeeklyReport, now: Date): Promise<WeeklyReportRow | undefined> {
  const [row] = await scopedTo(db, userId)
    .insert(weeklyReports, { id: newId(), weekStart: report.weekStart, data: report, createdAt: now })
    .onConflictDoNothing({ target: [weeklyReports.userId, weeklyReports.weekStart] })
    .returning();
  return row;
}

/** The user's reports, newest week first, one page (as a `Read`, to share a D1 batch). */
export const listReportsRead = (db: Db, userId: string, page: PageRequest) =>
  listPageRead(scopedTo(db, userId), weeklyReports, { order: [{ by: weeklyReports.weekStart, desc: true, of: (r) => r.weekStart }], page });

export const listReports = (db: Db, userId: string, page: PageRequest) => run(db, listReportsRead(db, userId, page));

/** The user's report of the week starting `weekStart`, or undefined (none, or another user's). */
export const findReportRead = (db: Db, userId: string, weekStart: string): Read<WeeklyReportRow | undefined> =>
  read(scopedTo(db, userId).select(weeklyReports, eq(weeklyReports.weekStart, weekStart)).limit(1), ([row]) => row);

/** The user's report of the week starting `weekStart`, or 404 (none, or another user's). */
export async function reportOr404(db: Db, userId: string, weekStart: string): Promise<WeeklyReportRow> {
  const [row] = await scopedTo(db, userId).select(weeklyReports, eq(weeklyReports.weekStart, weekStart)).limit(1);
  if (!row) throw apiError("not_found");
  return row;
}

/** Every report of the user for GET /me/export. */
export async function exportReports(db: Db, userId: string) {
  const rows = await scopedTo(db, userId).select(weeklyReports).orderBy(asc(weeklyReports.weekStart));
  return { weeklyReports: rows.map(({ userId: _userId, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/**
 * One keyset page of the ids of confirmed users in `timeZone` who may have weekly reports at
 * `now`: in the Pro trial, in a free Pro month, or with a live paid subscription (the plans that
 * include them, Light and Pro). Ids only; the per-user step checks the entitlement again with the
 * one mapping of plans.
 */
export const reportUserIdsPage = async (db: Db, page: IdPage, now: Date, timeZone: string): Promise<string[]> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.timeZone, timeZone), gt(users.id, page.afterId), isNotNull(users.emailConfirmedAt), onPlanAmong(db, users.id, now, paidPlansWith("weeklyReports"))))
      .orderBy(asc(users.id))
      .limit(page.limit)
  ).map((r) => r.id);
