/**
 * The security probe (section 7 of the specification, made a real check; docs/decisions/0037).
 * For a few user tables it takes the id of one row that belongs to someone else — the only
 * cross-user read here, and only an id — and reads it back through the user's scoped access,
 * which must find nothing. The original only counted the user's goals.
 */
import { asc, desc, eq, gt, lt } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { goals } from "../modules/goals/schema";
import type { Db } from "./client";
import { userActivities } from "./schema";
import { scopedTo, type UserTable } from "./scoped";

type ProbedTable = UserTable & { id: SQLiteColumn };

/** The tables probed: the specification's (goals) and one every active user writes to. */
export const PROBED_TABLES: Record<string, ProbedTable> = { goals, user_activities: userActivities };

/** How the scoped read of another user's row went for one table. */
export type IsolationResult = "refused" | "exposed" | "no_other_rows";

/** Reads a row by id as the user would (scoped): the access every route and screen uses. */
export type ScopedReader = (db: Db, userId: string, table: ProbedTable, id: string) => Promise<unknown[]>;

export const scopedRead: ScopedReader = (db, userId, table, id) => scopedTo(db, userId).select(table, eq(table.id, id)).limit(1);

export async function probeIsolation(db: Db, userId: string, read: ScopedReader = scopedRead): Promise<Record<string, IsolationResult>> {
  const results: Record<string, IsolationResult> = {};
  for (const [name, table] of Object.entries(PROBED_TABLES)) {
    // Above the user's id, else below it: both seek the (user_id, ...) index instead of scanning.
    const above = await db.select({ id: table.id }).from(table).where(gt(table.userId, userId)).orderBy(asc(table.userId)).limit(1);
    const [other] = above.length ? above : await db.select({ id: table.id }).from(table).where(lt(table.userId, userId)).orderBy(desc(table.userId)).limit(1);
    if (!other) results[name] = "no_other_rows";
    else results[name] = (await read(db, userId, table, String(other.id))).length ? "exposed" : "refused";
  }
  return results;
}
