/** The finances module's only data access: every query is scoped by the user id. */
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { scopedTo } from "../../db/scoped";
import { financeCategories, transactions } from "./schema";

/** Everything of the user's finances for GET /me/export (ids kept; the user id is implied). */
export async function exportFinances(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [rows, categories] = await Promise.all([
    scoped.select(transactions).orderBy(asc(transactions.date), asc(transactions.id)),
    scoped.select(financeCategories).orderBy(asc(financeCategories.name)),
  ]);
  return {
    transactions: rows.map(({ userId: _userId, importKey: _importKey, ...row }) => row),
    financeCategories: categories.map(({ userId: _userId, ...row }) => row),
  };
}
