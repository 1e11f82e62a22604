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

// ---------------------------------------------------------------------------------------------
// Finances I/O (sentence entry, CSV import/export, insights): worker/modules/finances/io-api.ts.
// Kept together at the end of the file (its own import too): the module's core API adds its own queries above.
// (An import is hoisted wherever it stands; here it keeps the two halves of the module from editing the same lines.)
import * as orm from "drizzle-orm";

/** The user's latest transactions' descriptions and categories, to guess categories their way. */
export async function categoryHistory(db: Db, userId: string, limit = 500) {
  return scopedTo(db, userId)
    .select(transactions)
    .orderBy(orm.desc(transactions.date), orm.desc(transactions.createdAt))
    .limit(limit)
    .then((rows) => rows.map((r) => ({ description: r.description, category: r.category })));
}

/** The user's own categories (id, name), for naming them in a CSV and reading them back. */
export const ownCategories = (db: Db, userId: string) =>
  scopedTo(db, userId)
    .select(financeCategories)
    .orderBy(orm.asc(financeCategories.name))
    .then((rows) => rows.map((r) => ({ id: r.id, name: r.name })));

/** The user's transactions dated in [from, to] (inclusive), oldest first: what an import must not repeat. */
export async function transactionsBetween(db: Db, userId: string, from: string, to: string) {
  return scopedTo(db, userId)
    .select(transactions, orm.and(orm.gte(transactions.date, from), orm.lte(transactions.date, to)))
    .orderBy(orm.asc(transactions.date), orm.asc(transactions.id));
}

export type TransactionFilter = { from?: string; to?: string; type?: "income" | "expense"; category?: string; q?: string };

/** The user's transactions for the CSV export, oldest first, with the list's filters. */
export async function transactionsForExport(db: Db, userId: string, filter: TransactionFilter = {}) {
  const where = orm.and(
    filter.from ? orm.gte(transactions.date, filter.from) : undefined,
    filter.to ? orm.lte(transactions.date, filter.to) : undefined,
    filter.type ? orm.eq(transactions.type, filter.type) : undefined,
    filter.category ? orm.eq(transactions.category, filter.category) : undefined,
    // instr, not LIKE: the user's text is matched literally (a "%" or "_" is no wildcard).
    filter.q ? orm.sql`instr(lower(${transactions.description}), ${filter.q.toLowerCase()}) > 0` : undefined,
  );
  return scopedTo(db, userId)
    .select(transactions, where)
    .orderBy(orm.asc(transactions.date), orm.asc(transactions.createdAt), orm.asc(transactions.id));
}

export type ImportedTransaction = { id: string; type: "income" | "expense"; amountCents: number; description: string; date: string; category: string; importKey: string };

/** Rows per INSERT ... SELECT FROM json_each(?): one bound JSON text of well under D1's 2 MB per value. */
const IMPORT_CHUNK = 1000;

/**
 * Writes an import all or nothing: one D1 batch of a few statements, each inserting up to 1000 rows
 * from one JSON parameter (D1 allows 100 bound parameters per statement, so one row per parameter
 * set would take thousands of statements). A row whose import key is already the user's is skipped
 * by the unique index, so a file sent twice at once still lands once.
 */
export async function insertImportedTransactions(db: Db, userId: string, rows: readonly ImportedTransaction[]) {
  if (!rows.length) return;
  // Raw D1 statements: drizzle's batch takes its own query builders, not an INSERT ... SELECT over json_each.
  const insert = db.$client.prepare(
    `insert into transactions (id, user_id, type, amount_cents, description, date, category, source, import_key)
     select json_extract(value, '$.id'), ?1, json_extract(value, '$.type'), json_extract(value, '$.amountCents'),
       json_extract(value, '$.description'), json_extract(value, '$.date'), json_extract(value, '$.category'), 'import', json_extract(value, '$.importKey')
     from json_each(?2) where true
     on conflict (user_id, import_key) do nothing`,
  );
  const statements = [];
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) statements.push(insert.bind(userId, JSON.stringify(rows.slice(i, i + IMPORT_CHUNK))));
  await db.$client.batch(statements);
}
