/** The finances module's only data access: every query is scoped by the user id. */
import { and, asc, desc, eq, gt, gte, inArray, lte, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { IdPage } from "../../db/jobs";
import { listPageIds, listPageRead, type SortKey } from "../../db/lists";
import { known, read, run, type Read } from "../../db/reads";
import { ownedOr404 } from "../../db/owned";
import { itemsWithTitleContaining, matchableAsSubstring } from "../../db/search";
import { scopedTo } from "../../db/scoped";
import { newId } from "../../lib/ids";
import type { PageRequest } from "../../lib/pagination";
import { isDefaultCategory } from "~/modules/finances/categories";
import { budgets, financeCategories, RECURRING_FREQUENCIES, recurringTransactions, savingsGoals, TRANSACTION_TYPES, transactions } from "./schema";
import { dueOccurrences, RECURRING_ENDED } from "./recurring";
import { transactionSearch } from "./search";
import { shortTextMatch } from "./short-text";

export { RECURRING_FREQUENCIES, TRANSACTION_TYPES };
export type Transaction = typeof transactions.$inferSelect;
export type FinanceCategory = typeof financeCategories.$inferSelect;
export type Budget = typeof budgets.$inferSelect;
export type SavingsGoal = typeof savingsGoals.$inferSelect;
export type RecurringTransaction = typeof recurringTransactions.$inferSelect;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Everything of the user's finances for GET /me/export (ids kept; the user id is implied). */
export async function exportFinances(db: Db, userId: string) {
  const scoped = scopedTo(db, userId);
  const [rows, categories, budgetRows, goals, recurring] = await Promise.all([
    scoped.select(transactions).orderBy(asc(transactions.date), asc(transactions.id)),
    scoped.select(financeCategories).orderBy(asc(financeCategories.name)),
    scoped.select(budgets).orderBy(asc(budgets.category)),
    scoped.select(savingsGoals).orderBy(asc(savingsGoals.createdAt), asc(savingsGoals.id)),
    scoped.select(recurringTransactions).orderBy(asc(recurringTransactions.nextDate), asc(recurringTransactions.id)),
  ]);
  return {
    transactions: rows.map(({ userId: _userId, importKey: _importKey, ...row }) => row),
    financeCategories: categories.map(({ userId: _userId, ...row }) => row),
    budgets: budgetRows.map(({ userId: _userId, ...row }) => row),
    savingsGoals: goals.map(({ userId: _userId, ...row }) => row),
    recurringTransactions: recurring.map(({ userId: _userId, ...row }) => row),
  };
}

// ---------------------------------------------------------------------------------------------
// Categories

export const listCategoriesRead = (db: Db, userId: string) =>
  read(scopedTo(db, userId).select(financeCategories).orderBy(asc(financeCategories.name), asc(financeCategories.id)));

export const listCategories = (db: Db, userId: string) => run(db, listCategoriesRead(db, userId));

export const findCategory = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), financeCategories, id);

/** Whether a transaction or budget may name this category: a default key or one of the user's own ids. */
export async function categoryExists(db: Db, userId: string, category: string) {
  if (isDefaultCategory(category)) return true;
  const [row] = await scopedTo(db, userId).select(financeCategories, eq(financeCategories.id, category)).limit(1);
  return Boolean(row);
}

/** The user's category with this name (case-insensitive), other than `exceptId`: names are unique per user. */
export async function categoryNamed(db: Db, userId: string, name: string, exceptId?: string) {
  const rows = await scopedTo(db, userId).select(financeCategories, sql`lower(${financeCategories.name}) = lower(${name})`);
  return rows.find((row) => row.id !== exceptId);
}

export async function insertCategory(db: Db, userId: string, values: { id: string; name: string; type: FinanceCategory["type"] }) {
  const [row] = await scopedTo(db, userId).insert(financeCategories, values).returning();
  return row;
}

export async function updateCategory(db: Db, userId: string, id: string, set: Partial<Pick<FinanceCategory, "name" | "type">>) {
  const [row] = await scopedTo(db, userId)
    .update(financeCategories, { ...set, updatedAt: new Date() }, eq(financeCategories.id, id))
    .returning();
  return row;
}

/**
 * Removes one of the user's categories; its transactions move to "other" and its budget goes
 * (a budget of a category that no longer exists measures nothing), all in one batch.
 */
export async function deleteCategory(db: Db, userId: string, id: string) {
  const scoped = scopedTo(db, userId);
  await scoped.batch([
    scoped.update(transactions, { category: "other", updatedAt: new Date() }, eq(transactions.category, id)),
    // A recurring transaction keeps writing, in "other" from now on, as its past transactions are.
    scoped.update(recurringTransactions, { category: "other", updatedAt: new Date() }, eq(recurringTransactions.category, id)),
    scoped.delete(budgets, eq(budgets.category, id)),
    scoped.delete(financeCategories, eq(financeCategories.id, id)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Transactions

export type TransactionFilters = { from?: string; to?: string; type?: TransactionType; category?: string; q?: string };

/** Every filter but the text. */
const fieldsWhere = (filters: TransactionFilters) =>
  and(
    filters.from ? gte(transactions.date, filters.from) : undefined,
    filters.to ? lte(transactions.date, filters.to) : undefined,
    filters.type ? eq(transactions.type, filters.type) : undefined,
    filters.category ? eq(transactions.category, filters.category) : undefined,
  );

// ---------------------------------------------------------------------------------------------
// The text filter: the description contains the text, case and accents aside ("agua" finds "Água",
// "serviços" finds "PAGAMENTO SERVIÇOS"), in the list's own statement. Three characters or more are
// matched by the search index's trigrams of the transactions' titles (a transaction's title there is
// its description when it has one), folded as the global search folds words (decision 0096); one or
// two, which no trigram holds, by a GLOB of `fold`'s classes of letters (decision 0098). SQLite's
// lower() folds ASCII only, and D1 has no ICU.

/**
 * One or two characters: an ASCII description by instr() on its lower case, any other by the GLOBs,
 * which SQLite then runs on those rows only (decision 0098). `length` counts characters, the blob's
 * length bytes: they differ exactly when the description is not ASCII.
 */
function shortTextContains(text: string): SQL | undefined {
  const { ascii, globs } = shortTextMatch(text);
  const description = transactions.description;
  return or(
    ascii === undefined ? undefined : sql`instr(lower(${description}), ${ascii}) > 0`,
    globs.length ? and(sql`length(${description}) <> length(cast(${description} as blob))`, or(...globs.map((pattern) => sql`${description} glob ${pattern}`))) : undefined,
  );
}

/** The text filter as SQL: the rows whose description contains `text`. */
function descriptionContains(userId: string, text: string): SQL | undefined {
  if (!matchableAsSubstring(text)) return shortTextContains(text);
  // An empty description is indexed under its category's key, which is no description of the row.
  return and(sql`${transactions.id} in ${itemsWithTitleContaining(userId, transactionSearch.type, text)}`, ne(transactions.description, ""));
}

const transactionWhere = (userId: string, filters: TransactionFilters) => and(fieldsWhere(filters), filters.q ? descriptionContains(userId, filters.q) : undefined);

/** Newest day first, then newest written first (a day's list reads in the order it was entered, reversed). */
const TRANSACTION_ORDER: SortKey<Transaction>[] = [
  { by: transactions.date, desc: true, of: (t) => t.date },
  { by: transactions.createdAt, desc: true, of: (t) => t.createdAt },
];

export const listTransactionsRead = (db: Db, userId: string, filters: TransactionFilters, page: PageRequest) =>
  listPageRead(scopedTo(db, userId), transactions, { where: transactionWhere(userId, filters), order: TRANSACTION_ORDER, page });

/**
 * The days of the rows `listTransactionsRead` reads with the same arguments (one past the page), as
 * a subquery: what the page's days need is read in the same batch.
 */
export function listedTransactionDays(db: Db, userId: string, filters: TransactionFilters, page: PageRequest) {
  const scoped = scopedTo(db, userId);
  const ids = listPageIds(scoped, transactions, { where: transactionWhere(userId, filters), order: TRANSACTION_ORDER, page });
  return db.select({ date: transactions.date }).from(transactions).where(scoped.owned(transactions, inArray(transactions.id, ids)));
}

export const findTransaction = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), transactions, id);

export type TransactionInput = { type: TransactionType; amountCents: number; description: string; date: string; category: string };

export async function insertTransaction(db: Db, userId: string, values: TransactionInput & { id: string; source?: Transaction["source"] }) {
  const [row] = await scopedTo(db, userId).insert(transactions, values).returning();
  return row;
}

export async function updateTransaction(db: Db, userId: string, id: string, set: Partial<TransactionInput>) {
  const [row] = await scopedTo(db, userId)
    .update(transactions, { ...set, updatedAt: new Date() }, eq(transactions.id, id))
    .returning();
  return row;
}

export const deleteTransaction = (db: Db, userId: string, id: string) => scopedTo(db, userId).delete(transactions, eq(transactions.id, id));

// ---------------------------------------------------------------------------------------------
// Sums. Every total is an SQL integer sum of integer cents (SQLite sums integers exactly, with an
// error on overflow rather than a silent float), so no amount ever passes through a float.

const incomeSum = sql<number>`coalesce(sum(case when ${transactions.type} = 'income' then ${transactions.amountCents} else 0 end), 0)`.mapWith(Number);
const expenseSum = sql<number>`coalesce(sum(case when ${transactions.type} = 'expense' then ${transactions.amountCents} else 0 end), 0)`.mapWith(Number);

/** Income and expense in [from, to] (dates inclusive), or of everything up to `to` without `from`. */
export function totalsRead(db: Db, userId: string, range: { from?: string; to: string }) {
  const scoped = scopedTo(db, userId);
  return read(
    db
      .select({ income: incomeSum, expense: expenseSum, count: sql<number>`count(*)`.mapWith(Number) })
      .from(transactions)
      .where(scoped.owned(transactions, and(range.from ? gte(transactions.date, range.from) : undefined, lte(transactions.date, range.to)))),
    ([row]) => ({ incomeCents: row?.income ?? 0, expenseCents: row?.expense ?? 0, count: row?.count ?? 0 }),
  );
}

export const totals = (db: Db, userId: string, range: { from?: string; to: string }) => run(db, totalsRead(db, userId, range));

/** Per category and type in [from, to]: the month's spending (and income) by category. */
export function totalsByCategoryRead(db: Db, userId: string, range: { from: string; to: string }) {
  const scoped = scopedTo(db, userId);
  return read(
    db
      .select({
        category: transactions.category,
        type: transactions.type,
        totalCents: sql<number>`sum(${transactions.amountCents})`.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(transactions)
      .where(scoped.owned(transactions, and(gte(transactions.date, range.from), lte(transactions.date, range.to))))
      .groupBy(transactions.category, transactions.type)
      .orderBy(desc(sql`sum(${transactions.amountCents})`), asc(transactions.category)),
  );
}

export const totalsByCategory = (db: Db, userId: string, range: { from: string; to: string }) => run(db, totalsByCategoryRead(db, userId, range));

/** Income and expense per month (`YYYY-MM`) in [from, to], months without rows left out. */
export function totalsByMonthRead(db: Db, userId: string, range: { from: string; to: string }) {
  const scoped = scopedTo(db, userId);
  const month = sql<string>`substr(${transactions.date}, 1, 7)`;
  return read(
    db
      .select({ month, income: incomeSum, expense: expenseSum })
      .from(transactions)
      .where(scoped.owned(transactions, and(gte(transactions.date, range.from), lte(transactions.date, range.to))))
      .groupBy(month)
      .orderBy(asc(month)),
  );
}

export const totalsByMonth = (db: Db, userId: string, range: { from: string; to: string }) => run(db, totalsByMonthRead(db, userId, range));

/**
 * The balance at the end of each of `days` (dates, or a subquery of dates): income minus expense of
 * all the user's transactions up to and including that day, whatever a list's filters. One
 * statement: each day's net summed over the days before it (a running SQL window sum of integer
 * cents), kept for the days asked. Newest day first.
 */
export function balancesAtRead(db: Db, userId: string, days: readonly string[] | SQLWrapper): Read<Record<string, number>> {
  if (Array.isArray(days) && !days.length) return known({});
  const net = sql`sum(case when ${transactions.type} = 'income' then ${transactions.amountCents} else -${transactions.amountCents} end)`;
  const byDay = db
    .select({ date: transactions.date, balance: sql<number>`sum(${net}) over (order by ${transactions.date})`.as("balance") })
    .from(transactions)
    .where(scopedTo(db, userId).owned(transactions))
    .groupBy(transactions.date)
    .as("balances_by_day");
  return read(
    db
      .select({ date: byDay.date, balance: sql<number>`${byDay.balance}`.mapWith(Number) })
      .from(byDay)
      .where(inArray(byDay.date, Array.isArray(days) ? [...new Set(days)] : (days as SQLWrapper)))
      .orderBy(desc(byDay.date)),
    (rows) => Object.fromEntries(rows.map((row) => [row.date, row.balance])),
  );
}

/** Expense total per day in [from, to] (days with expenses only): spending against mood (diary insights). */
export const expensesByDayRead = (db: Db, userId: string, range: { from: string; to: string }) =>
  read(
    db
      .select({ date: transactions.date, cents: sql<number>`sum(${transactions.amountCents})`.mapWith(Number) })
      .from(transactions)
      .where(scopedTo(db, userId).owned(transactions, and(eq(transactions.type, "expense"), gte(transactions.date, range.from), lte(transactions.date, range.to))))
      .groupBy(transactions.date),
    (rows) => new Map(rows.map((r) => [r.date, r.cents])),
  );

export const expensesByDay = (db: Db, userId: string, range: { from: string; to: string }) => run(db, expensesByDayRead(db, userId, range));

/** The month's expenses in one category (a budget's progress). */
export async function spentIn(db: Db, userId: string, category: string, range: { from: string; to: string }) {
  const scoped = scopedTo(db, userId);
  const [row] = await db
    .select({ spent: expenseSum })
    .from(transactions)
    .where(
      scoped.owned(
        transactions,
        and(eq(transactions.category, category), gte(transactions.date, range.from), lte(transactions.date, range.to)),
      ),
    );
  return row?.spent ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Budgets

export const listBudgetsRead = (db: Db, userId: string, page: PageRequest) =>
  listPageRead(scopedTo(db, userId), budgets, { order: [{ by: budgets.category, of: (b) => b.category }], page });

export const listBudgets = async (db: Db, userId: string, page: PageRequest) => run(db, listBudgetsRead(db, userId, page));

export const findBudget = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), budgets, id);

export async function budgetFor(db: Db, userId: string, category: string) {
  const [row] = await scopedTo(db, userId).select(budgets, eq(budgets.category, category)).limit(1);
  return row;
}

/** The budgets of these categories (after a transaction write: at most two categories). */
/** One keyset page of the users with at least one budget (the daily check; the budgets' own (user, category) index). */
export const budgetUserIdsPage = async (db: Db, page: IdPage): Promise<string[]> =>
  (await db.selectDistinct({ id: budgets.userId }).from(budgets).where(gt(budgets.userId, page.afterId)).orderBy(asc(budgets.userId)).limit(page.limit)).map((r) => r.id);

/** Every budget of the user (the daily check). */
export const budgetsOf = (db: Db, userId: string) => scopedTo(db, userId).select(budgets);

export const budgetsFor = (db: Db, userId: string, categories: string[]) =>
  categories.length ? scopedTo(db, userId).select(budgets, inArray(budgets.category, categories)) : Promise.resolve([]);

export async function insertBudget(db: Db, userId: string, values: { id: string; category: string; limitCents: number }) {
  const [row] = await scopedTo(db, userId).insert(budgets, values).returning();
  return row;
}

export async function updateBudget(db: Db, userId: string, id: string, set: Partial<Pick<Budget, "category" | "limitCents">>) {
  const [row] = await scopedTo(db, userId)
    .update(budgets, { ...set, updatedAt: new Date() }, eq(budgets.id, id))
    .returning();
  return row;
}

export const deleteBudget = (db: Db, userId: string, id: string) => scopedTo(db, userId).delete(budgets, eq(budgets.id, id));

/** Expenses per category in [from, to], for every budget's progress in one query. */
export function spentByCategoryRead(db: Db, userId: string, range: { from: string; to: string }) {
  const scoped = scopedTo(db, userId);
  const query = db
    .select({ category: transactions.category, spent: sql<number>`sum(${transactions.amountCents})`.mapWith(Number) })
    .from(transactions)
    .where(
      scoped.owned(transactions, and(eq(transactions.type, "expense"), gte(transactions.date, range.from), lte(transactions.date, range.to))),
    )
    .groupBy(transactions.category);
  return read(query, (rows) => new Map(rows.map((r) => [r.category, r.spent])));
}

export async function spentByCategory(db: Db, userId: string, range: { from: string; to: string }) {
  return run(db, spentByCategoryRead(db, userId, range));
}

// ---------------------------------------------------------------------------------------------
// Savings goals

export const listSavingsGoalsRead = (db: Db, userId: string, page: PageRequest) =>
  listPageRead(scopedTo(db, userId), savingsGoals, {
    order: [{ by: savingsGoals.createdAt, desc: true, of: (g) => g.createdAt }],
    page,
  });

export const listSavingsGoals = (db: Db, userId: string, page: PageRequest) => run(db, listSavingsGoalsRead(db, userId, page));

export const findSavingsGoal = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), savingsGoals, id);

export async function insertSavingsGoal(db: Db, userId: string, values: { id: string; title: string; targetCents: number; savedCents: number; deadline: string | null }) {
  const [row] = await scopedTo(db, userId).insert(savingsGoals, values).returning();
  return row;
}

export async function updateSavingsGoal(db: Db, userId: string, id: string, set: Partial<Pick<SavingsGoal, "title" | "targetCents" | "savedCents" | "deadline">>) {
  const [row] = await scopedTo(db, userId)
    .update(savingsGoals, { ...set, updatedAt: new Date() }, eq(savingsGoals.id, id))
    .returning();
  return row;
}

export const deleteSavingsGoal = (db: Db, userId: string, id: string) => scopedTo(db, userId).delete(savingsGoals, eq(savingsGoals.id, id));

// ---------------------------------------------------------------------------------------------
// Recurring transactions (docs/decisions/0116)

export type RecurringInput = Pick<RecurringTransaction, "type" | "amountCents" | "description" | "category" | "frequency" | "startDate" | "endDate">;

/** The user's recurring transactions, the next one due first (a user has at most a hundred). */
export const listRecurring = (db: Db, userId: string) =>
  scopedTo(db, userId).select(recurringTransactions).orderBy(asc(recurringTransactions.nextDate), asc(recurringTransactions.id));

export const countRecurring = async (db: Db, userId: string) =>
  (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(recurringTransactions).where(scopedTo(db, userId).owned(recurringTransactions)))[0]?.n ?? 0;

export const findRecurring = (db: Db, userId: string, id: string | undefined) => ownedOr404(scopedTo(db, userId), recurringTransactions, id);

/** The user's recurring transactions with an occurrence due by `today` (the catch-up). */
export const dueRecurring = (db: Db, userId: string, today: string) => scopedTo(db, userId).select(recurringTransactions, lte(recurringTransactions.nextDate, today));

/** The key that makes an occurrence land once, whoever writes it and however often. */
export const occurrenceKey = (ruleId: string, date: string) => `recurring:${ruleId}:${date}`;

/**
 * The writes that put a rule's occurrences `dates` into transactions and move its next date from
 * `seenNext` to `next`, for one batch. Each insert copies the rule's row as it is in the batch and
 * only while its next date is still `seenNext`: a run that got there first (the job twice, or the
 * job beside a create), or a rule stopped in between, writes nothing, and the unique import key
 * refuses a second copy of a date in any case.
 */
function occurrenceWrites(db: Db, userId: string, ruleId: string, seenNext: string, dates: readonly string[], next: string): D1PreparedStatement[] {
  // Raw D1 statements, as the import's: drizzle's batch takes no INSERT ... SELECT of its own.
  // Never a date after the rule's end date as it is in the batch: an end moved earlier meanwhile wins.
  const insert = db.$client.prepare(
    `insert into transactions (id, user_id, type, amount_cents, description, date, category, source, import_key)
     select ?1, user_id, type, amount_cents, description, ?2, category, 'recurring', ?3
     from recurring_transactions where id = ?4 and user_id = ?5 and next_date = ?6 and (end_date is null or ?2 <= end_date)
     on conflict (user_id, import_key) do nothing`,
  );
  const inserts = dates.map((date) => insert.bind(newId(), date, occurrenceKey(ruleId, date), ruleId, userId, seenNext));
  const rule = recurringTransactions;
  // Past the end date in the row, the rule has ended: RECURRING_ENDED takes it out of the job's range.
  // (An SQL value, which drizzle's set takes though scopedTo's type names only plain values.)
  const nextDate = sql`case when ${rule.endDate} is not null and ${next} > ${rule.endDate} then ${RECURRING_ENDED} else ${next} end` as unknown as string;
  const advance = scopedTo(db, userId).update(rule, { nextDate, updatedAt: new Date() }, and(eq(rule.id, ruleId), eq(rule.nextDate, seenNext))).toSQL();
  return [...inserts, db.$client.prepare(advance.sql).bind(...advance.params)];
}

/** A new recurring transaction and, in the same batch, its occurrences already due (`dates`). */
export async function insertRecurring(db: Db, userId: string, values: RecurringInput & { id: string }, dates: readonly string[], next: string) {
  // The rule starts at its start date, and the occurrence writes move it on to `next`.
  const rule = scopedTo(db, userId).insert(recurringTransactions, { ...values, nextDate: values.startDate }).toSQL();
  await db.$client.batch([db.$client.prepare(rule.sql).bind(...rule.params), ...occurrenceWrites(db, userId, values.id, values.startDate, dates, next)]);
  return findRecurring(db, userId, values.id);
}

/** One rule's catch-up: its occurrences due (`dates`) and where it stands after them (`next`). */
export type DueWrite = { rule: Pick<RecurringTransaction, "id" | "nextDate">; dates: readonly string[]; next: string };

/**
 * Writes the due occurrences of all of a user's rules and moves each on, in one batch (one round
 * trip however many rules are due). Each rule keeps its own guards (its inserts and its move only
 * while its next date is still the one read), so a rule another run got to first writes nothing
 * while the others still land.
 */
export async function writeOccurrences(db: Db, userId: string, writes: readonly DueWrite[]) {
  // Nothing written but the rule ended all the same (its end moved before its next date): it leaves the range.
  const statements = writes
    .filter(({ rule, dates, next }) => dates.length || next !== rule.nextDate)
    .flatMap(({ rule, dates, next }) => occurrenceWrites(db, userId, rule.id, rule.nextDate, dates, next));
  if (statements.length) await db.$client.batch(statements);
}

// D1 binds at most 100 parameters per statement: the user id and this many import keys stay below it.
const IMPORT_KEYS_PER_READ = 90;

/**
 * The transactions the rules wrote on their dates (after a write: those the budget check and realtime
 * hear of), in one batch of reads however many keys there are.
 */
export async function transactionsOfOccurrences(db: Db, userId: string, writes: readonly Pick<DueWrite, "dates" | "rule">[]) {
  const keys = writes.flatMap(({ rule, dates }) => dates.map((date) => occurrenceKey(rule.id, date)));
  if (!keys.length) return [];
  const scoped = scopedTo(db, userId);
  const reads = [];
  for (let i = 0; i < keys.length; i += IMPORT_KEYS_PER_READ) reads.push(scoped.select(transactions, inArray(transactions.importKey, keys.slice(i, i + IMPORT_KEYS_PER_READ))));
  const answers = await db.batch(reads as [(typeof reads)[number], ...(typeof reads)[number][]]);
  return answers.flat();
}

export async function updateRecurring(db: Db, userId: string, id: string, set: Partial<Pick<RecurringTransaction, "amountCents" | "description" | "category">>) {
  const [row] = await scopedTo(db, userId)
    .update(recurringTransactions, { ...set, updatedAt: new Date() }, eq(recurringTransactions.id, id))
    .returning();
  return row;
}

/**
 * Moves a rule's next date from `seenNext` to `next` (a skip, or an end date set, moved or cleared)
 * and sets `set` with it, only while the next date is still the one read: a double tap, a retry or
 * the nightly job beside it change it once. Undefined when it had moved on meanwhile. (Should an end
 * date change between the read and this write, the next catch-up ends the rule: writeOccurrences.)
 */
export async function moveRecurring(
  db: Db,
  userId: string,
  id: string,
  seenNext: string,
  next: string,
  set: Partial<Pick<RecurringTransaction, "amountCents" | "description" | "category" | "endDate">> = {},
) {
  const rule = recurringTransactions;
  const [row] = await scopedTo(db, userId)
    .update(rule, { ...set, nextDate: next, updatedAt: new Date() }, and(eq(rule.id, id), eq(rule.nextDate, seenNext)))
    .returning();
  return row as RecurringTransaction | undefined;
}

/** Stops a rule: the transactions it wrote are ordinary transactions and stay. */
export const deleteRecurring = (db: Db, userId: string, id: string) => scopedTo(db, userId).delete(recurringTransactions, eq(recurringTransactions.id, id));

/**
 * The daily catch-up's page of users with an occurrence due by `by` (cross-user: ids only). Read
 * from the next dates' range of recurring_transactions_next_user_idx, never by a walk of the rules
 * by user: the unary `+` keeps user_id out of index choice and the few ids are sorted (as
 * userIdsWithTasksStarting; tests/worker/cron-query-plans.test.ts).
 */
export async function recurringUserIdsPage(db: Db, page: IdPage, by: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: recurringTransactions.userId })
    .from(recurringTransactions)
    .where(and(lte(recurringTransactions.nextDate, by), sql`+${recurringTransactions.userId} > ${page.afterId}`))
    .orderBy(sql`+${recurringTransactions.userId}`)
    .limit(page.limit);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Demo data

/** A realistic current and previous month for the demo account (npm start), relative to `today`. */
export async function seedFinances(db: Db, userId: string, today: string) {
  const scoped = scopedTo(db, userId);
  const [y, m] = today.split("-").map(Number);
  const day = (monthsBack: number, d: number) => {
    const date = new Date(Date.UTC(y, m - 1 - monthsBack, 1));
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    const dd = Math.min(d, last, monthsBack === 0 ? Number(today.slice(8, 10)) : last);
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(dd).padStart(2, "0")}`;
  };
  const rows: [TransactionType, number, string, number, number, string][] = [
    ["expense", 8743, "Continente", 1, 6, "groceries"],
    ["expense", 4590, "Pingo Doce", 1, 18, "groceries"],
    ["expense", 1230, "Uber", 1, 12, "transport"],
    ["expense", 3200, "Jantar com amigos", 1, 20, "restaurants"],
    ["expense", 5327, "Continente", 0, 3, "groceries"],
    ["expense", 250, "Café", 0, 2, "restaurants"],
  ];
  await scoped.batch([
    ...rows.map(([type, amountCents, description, back, d, category]) =>
      scoped.insert(transactions, { id: newId(), type, amountCents, description, date: day(back, d), category }),
    ),
    scoped.insert(budgets, { id: newId(), category: "groceries", limitCents: 25000 }),
    scoped.insert(savingsGoals, { id: newId(), title: "Férias de verão", targetCents: 150000, savedCents: 40000, deadline: `${y + 1}-07-01` }),
  ]);
  // Salary, rent and subscriptions as "Movimentos fixos" started last month: their transactions so far
  // are the rule's own occurrences (written as a create writes them), so the nightly job goes on from
  // next month and never repeats one (decision 0116).
  const fixed: RecurringInput[] = [
    { type: "income", amountCents: 165000, description: "Salário", category: "salary", frequency: "monthly", startDate: day(1, 1), endDate: null },
    { type: "expense", amountCents: 65000, description: "Renda", category: "home", frequency: "monthly", startDate: day(1, 1), endDate: null },
    { type: "expense", amountCents: 4000, description: "Passe Navegante", category: "transport", frequency: "monthly", startDate: day(1, 1), endDate: null },
    { type: "expense", amountCents: 1399, description: "Netflix", category: "subscriptions", frequency: "monthly", startDate: day(1, 2), endDate: null },
  ];
  for (const rule of fixed) {
    const { dates, next } = dueOccurrences({ ...rule, nextDate: rule.startDate }, today);
    await insertRecurring(db, userId, { ...rule, id: newId() }, dates, next);
  }
}

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

export type TransactionFilter = TransactionFilters;

/** The user's transactions for the CSV export, oldest first, with the list's filters. */
export function transactionsForExport(db: Db, userId: string, filter: TransactionFilter = {}) {
  // The list's own filters, so the file holds the rows the screen showed.
  return scopedTo(db, userId)
    .select(transactions, transactionWhere(userId, filter))
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
