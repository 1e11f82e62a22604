/**
 * The finances API (../shared/API.md "Modules": /transactions, /budgets, /savings-goals,
 * /finances/summary), mounted at /api/v1. Money is integer cents everywhere; dates `YYYY-MM-DD` in
 * the user's calendar; sums are SQL integer sums (./queries.ts). Plan rules are the manifest's
 * `premium` list (./index.ts), enforced by the platform's guard before these handlers run.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { accountInHandler, currentAuth, readWithAccount, requireUser } from "../../auth/middleware";
import { database } from "../../db/client";
import { unlessTaken } from "../../db/scoped";
import { ApiError, apiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { pageQuery } from "../../lib/pagination";
import { translator } from "../../lib/translate";
import { validate } from "../../lib/validate";
import { publishEntityChange } from "../../notifications/notify";
import type { AppEnv } from "../../types";
import { DEFAULT_CATEGORIES } from "~/modules/finances/categories";
import { addMonths } from "~/components/ui/date-grid";
import { budgetCheckOf, checkBudgets } from "./budget-alerts";
import { budgetProgress, localToday, publicSavingsGoal, spentRange, publicTransaction } from "./logic";
import { dueOccurrences, hasEnded, lastPassed, occurrenceAfter, publicRecurring, realNext, storedNext } from "./recurring";
import { budgetsWithProgress, monthSummary, yearAnalysis } from "./reports";
import * as q from "./queries";
import { financesIoApi } from "./io-api";
import { MAX_DESCRIPTION_CHARS } from "./parse";

// ---------------------------------------------------------------------------------------------
// Fields shared by the routes

export const MAX_AMOUNT_CENTS = 1_000_000_000;

const isRealDate = (value: string) => {
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const dateField = z
  .string({ error: "finances:validation.date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "finances:validation.date")
  .refine(isRealDate, "finances:validation.date");

const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "finances:validation.month");

/** Whole cents, more than zero and at most 10 000 000 € (a fraction of a cent is refused, not rounded). */
const centsField = (message: "finances:validation.amount" | "finances:validation.limit" | "finances:validation.target") =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_AMOUNT_CENTS, message);

const categoryField = z.string({ error: "finances:validation.category" }).trim().min(1, "finances:validation.category").max(64, "finances:validation.category");

const transactionFields = {
  type: z.enum(q.TRANSACTION_TYPES, { error: "finances:validation.type" }),
  amountCents: centsField("finances:validation.amount"),
  description: z.string().trim().max(MAX_DESCRIPTION_CHARS).default(""),
  date: dateField,
  category: categoryField,
};

export const createTransactionSchema = z.object(transactionFields).strict();
const patchTransactionSchema = z
  .object({ ...transactionFields, description: z.string().trim().max(MAX_DESCRIPTION_CHARS) })
  .partial()
  .strict();

const listQuery = z.object({
  ...pageQuery,
  from: dateField.optional(),
  to: dateField.optional(),
  type: z.enum(q.TRANSACTION_TYPES, { error: "finances:validation.type" }).optional(),
  category: categoryField.optional(),
  q: z.string().trim().max(100).optional(),
});

const monthQuery = z.object({ month: monthField.optional() });

const MAX_OWN_CATEGORIES = 100;
const categorySchema = z
  .object({
    name: z.string().trim().min(1).max(40),
    type: z.enum(["income", "expense", "both"], { error: "finances:validation.categoryType" }).default("expense"),
  })
  .strict();

const budgetSchema = z.object({ category: categoryField, limitCents: centsField("finances:validation.limit") }).strict();

const savingsFields = {
  title: z.string().trim().min(1).max(120),
  targetCents: centsField("finances:validation.target"),
  savedCents: z.number({ error: "finances:validation.saved" }).int("finances:validation.saved").min(0, "finances:validation.saved").max(MAX_AMOUNT_CENTS, "finances:validation.saved"),
  deadline: dateField.nullable(),
};
const createSavingsSchema = z
  .object({ ...savingsFields, savedCents: savingsFields.savedCents.default(0), deadline: savingsFields.deadline.default(null) })
  .strict();
const patchSavingsSchema = z.object(savingsFields).partial().strict();

/** At most this many recurring transactions per user: a salary, rent, bills and subscriptions fit many times over. */
export const MAX_RECURRING = 100;
const recurringFields = {
  type: transactionFields.type,
  amountCents: transactionFields.amountCents,
  description: transactionFields.description,
  category: categoryField,
};
// "Até": the last day an occurrence may fall on; null (or left out) runs until stopped.
const endDateField = dateField.nullable();
const createRecurringSchema = z
  .object({
    ...recurringFields,
    frequency: z.enum(q.RECURRING_FREQUENCIES, { error: "finances:validation.frequency" }),
    startDate: dateField,
    endDate: endDateField.default(null),
  })
  .strict();
// The type, frequency and first date stay: a different rhythm is a new rule (stop this one), so
// the dates already written never disagree with the rule that wrote them (decision 0116). The end
// date may be set, moved or cleared (0116 "Revised").
const patchRecurringSchema = z
  .object({ amountCents: recurringFields.amountCents, description: z.string().trim().max(MAX_DESCRIPTION_CHARS), category: categoryField, endDate: endDateField })
  .partial()
  .strict();
// The next date the client saw: a double tap or a retry skips once.
const skipRecurringSchema = z.object({ date: dateField }).strict();

const fieldError = (field: string, key: ConstructorParameters<typeof ApiError>[2] & string, code: "validation_failed" | "conflict" = "validation_failed") =>
  new ApiError(code, code === "conflict" ? 409 : 400, key, { [field]: key });
const categoryTaken = () => fieldError("name", "finances:validation.categoryTaken", "conflict");
const budgetTaken = () => fieldError("category", "finances:validation.budgetTaken", "conflict");

type Ctx = Context<AppEnv>;
const userOf = (c: Ctx) => currentAuth(c).user;
const dbOf = (c: Ctx) => database(c.env.DB);

async function ensureCategory(c: Ctx, category: string | undefined) {
  if (category !== undefined && !(await q.categoryExists(dbOf(c), userOf(c).id, category))) {
    throw fieldError("category", "finances:validation.category");
  }
}

/** The month asked for, else the user's current month (in their time zone; `today` when the caller has it already). */
const monthOf = (c: Ctx, month: string | undefined, today = localToday(userOf(c).timeZone)) => month ?? today.slice(0, 7);

/** Tells the user's other tabs; never fails the write that caused it. */
const changed = (c: Ctx, entity: string, id: string, action: "created" | "updated" | "deleted") =>
  c.executionCtx.waitUntil(publishEntityChange(c.env, userOf(c).id, { entity, id, action }));

// ---------------------------------------------------------------------------------------------
// Routes

// Ids this app hands out never contain a dot, so "export.csv" (the io routes) never reads as an id.
const ID = ":id{[A-Za-z0-9_-]+}";

export const transactionsApi = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", accountInHandler, validate("query", listQuery), async (c) => {
    const { limit, cursor, ...filters } = c.req.valid("query");
    if (filters.from && filters.to && filters.from > filters.to) throw fieldError("to", "finances:validation.range");
    const { answer: page } = await readWithAccount(c, (db, userId) => q.listTransactionsRead(db, userId, filters, { limit, cursor }));
    return c.json({ items: page.items.map(publicTransaction), nextCursor: page.nextCursor });
  })
  .post("/", validate("json", createTransactionSchema), async (c) => {
    const input = c.req.valid("json");
    await ensureCategory(c, input.category);
    const row = await q.insertTransaction(dbOf(c), userOf(c).id, { id: newId(), ...input });
    changed(c, "transaction", row.id, "created");
    if (row.type === "expense") await checkBudgets(budgetCheckOf(c), [row.category], [row.date]);
    return c.json({ transaction: publicTransaction(row) }, 201);
  })
  .get(`/${ID}`, async (c) => c.json({ transaction: publicTransaction(await q.findTransaction(dbOf(c), userOf(c).id, c.req.param("id"))) }))
  .patch(`/${ID}`, validate("json", patchTransactionSchema), async (c) => {
    const before = await q.findTransaction(dbOf(c), userOf(c).id, c.req.param("id"));
    const input = c.req.valid("json");
    await ensureCategory(c, input.category);
    const row = await q.updateTransaction(dbOf(c), userOf(c).id, before.id, input);
    if (!row) throw apiError("not_found");
    changed(c, "transaction", row.id, "updated");
    if (row.type === "expense") await checkBudgets(budgetCheckOf(c), [row.category], [row.date]);
    return c.json({ transaction: publicTransaction(row) });
  })
  .delete(`/${ID}`, async (c) => {
    const row = await q.findTransaction(dbOf(c), userOf(c).id, c.req.param("id"));
    await q.deleteTransaction(dbOf(c), userOf(c).id, row.id);
    changed(c, "transaction", row.id, "deleted");
    return c.body(null, 204);
  });

export const categoriesApi = new Hono<AppEnv>()
  .use("*", requireUser)
  // The default set (translated) and the user's own, in one answer: the form's category list.
  .get("/", async (c) => {
    const t = translator(c.get("lang") ?? "pt");
    const own = await q.listCategories(dbOf(c), userOf(c).id);
    return c.json({
      items: [
        ...DEFAULT_CATEGORIES.map((cat) => ({ id: cat.key, name: t(`finances:categories.${cat.key}`), type: cat.type, default: true })),
        ...own.map((row) => ({ id: row.id, name: row.name, type: row.type, default: false })),
      ],
      nextCursor: null,
    });
  })
  .post("/", validate("json", categorySchema), async (c) => {
    const input = c.req.valid("json");
    const db = dbOf(c);
    const userId = userOf(c).id;
    if (await q.categoryNamed(db, userId, input.name)) throw categoryTaken();
    if ((await q.listCategories(db, userId)).length >= MAX_OWN_CATEGORIES) throw fieldError("name", "finances:validation.tooManyCategories");
    const row = await unlessTaken(q.insertCategory(db, userId, { id: newId(), ...input }), categoryTaken);
    changed(c, "finance_category", row.id, "created");
    return c.json({ category: { id: row.id, name: row.name, type: row.type, default: false } }, 201);
  })
  .patch(`/${ID}`, validate("json", categorySchema.partial()), async (c) => {
    const db = dbOf(c);
    const userId = userOf(c).id;
    const existing = await q.findCategory(db, userId, c.req.param("id"));
    const input = c.req.valid("json");
    if (input.name && (await q.categoryNamed(db, userId, input.name, existing.id))) throw categoryTaken();
    const row = (await unlessTaken(q.updateCategory(db, userId, existing.id, input), categoryTaken)) ?? existing;
    changed(c, "finance_category", row.id, "updated");
    return c.json({ category: { id: row.id, name: row.name, type: row.type, default: false } });
  })
  .delete(`/${ID}`, async (c) => {
    const row = await q.findCategory(dbOf(c), userOf(c).id, c.req.param("id"));
    await q.deleteCategory(dbOf(c), userOf(c).id, row.id);
    changed(c, "finance_category", row.id, "deleted");
    return c.body(null, 204);
  });

export const summaryApi = new Hono<AppEnv>()
  .use("*", requireUser)
  /**
   * The dashboard (every plan): the month's income against expense and its totals by category up to
   * the user's today, the balance then, and what is scheduled after it (`monthSummaryRead`).
   */
  .get("/summary", validate("query", monthQuery), async (c) => {
    const today = localToday(userOf(c).timeZone);
    return c.json(await monthSummary(dbOf(c), userOf(c).id, monthOf(c, c.req.valid("query").month, today), today));
  })
  // Analysis (Light and Pro, a paid read listed in the manifest's premium routes).
  .get("/analysis", validate("query", monthQuery), async (c) => {
    const today = localToday(userOf(c).timeZone);
    return c.json(await yearAnalysis(dbOf(c), userOf(c).id, monthOf(c, c.req.valid("query").month, today), today));
  });

export const budgetsApi = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", validate("query", z.object({ ...pageQuery, month: monthField.optional() })), async (c) => {
    const { month, limit, cursor } = c.req.valid("query");
    const today = localToday(userOf(c).timeZone);
    return c.json(await budgetsWithProgress(dbOf(c), userOf(c).id, monthOf(c, month, today), today, { limit, cursor }));
  })
  .post("/", validate("json", budgetSchema), async (c) => {
    const input = c.req.valid("json");
    const db = dbOf(c);
    const userId = userOf(c).id;
    await ensureCategory(c, input.category);
    if (await q.budgetFor(db, userId, input.category)) throw budgetTaken();
    const row = await unlessTaken(q.insertBudget(db, userId, { id: newId(), ...input }), budgetTaken);
    changed(c, "budget", row.id, "created");
    const today = localToday(userOf(c).timeZone);
    await checkBudgets(budgetCheckOf(c), [row.category], [today]);
    const spent = await q.spentIn(db, userId, row.category, spentRange(today.slice(0, 7), today));
    return c.json({ budget: budgetProgress(row, spent) }, 201);
  })
  .get(`/${ID}`, validate("query", monthQuery), async (c) => {
    const row = await q.findBudget(dbOf(c), userOf(c).id, c.req.param("id"));
    const today = localToday(userOf(c).timeZone);
    const month = monthOf(c, c.req.valid("query").month, today);
    const spent = await q.spentIn(dbOf(c), userOf(c).id, row.category, spentRange(month, today));
    return c.json({ month, budget: budgetProgress(row, spent) });
  })
  .patch(`/${ID}`, validate("json", budgetSchema.partial()), async (c) => {
    const db = dbOf(c);
    const userId = userOf(c).id;
    const existing = await q.findBudget(db, userId, c.req.param("id"));
    const input = c.req.valid("json");
    await ensureCategory(c, input.category);
    if (input.category && input.category !== existing.category && (await q.budgetFor(db, userId, input.category))) {
      throw budgetTaken();
    }
    const row = (await unlessTaken(q.updateBudget(db, userId, existing.id, input), budgetTaken)) ?? existing;
    changed(c, "budget", row.id, "updated");
    const today = localToday(userOf(c).timeZone);
    await checkBudgets(budgetCheckOf(c), [row.category], [today]);
    const spent = await q.spentIn(db, userId, row.category, spentRange(today.slice(0, 7), today));
    return c.json({ budget: budgetProgress(row, spent) });
  })
  .delete(`/${ID}`, async (c) => {
    const row = await q.findBudget(dbOf(c), userOf(c).id, c.req.param("id"));
    await q.deleteBudget(dbOf(c), userOf(c).id, row.id);
    changed(c, "budget", row.id, "deleted");
    return c.body(null, 204);
  });

/**
 * Recurring transactions, "Movimentos fixos" (docs/decisions/0116), on every plan as transactions
 * are. Creating one writes its occurrences already due (a start of today or up to a year back) in
 * the same batch; the daily job (./recurring-job.ts) writes the later ones on their day. Stopping
 * one keeps the transactions it wrote.
 */
export const recurringApi = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", async (c) => c.json({ items: (await q.listRecurring(dbOf(c), userOf(c).id)).map(publicRecurring), nextCursor: null }))
  .post("/", validate("json", createRecurringSchema), async (c) => {
    const input = c.req.valid("json");
    const db = dbOf(c);
    const userId = userOf(c).id;
    const today = localToday(userOf(c).timeZone);
    // A year back at most: what is older belongs in a bank file's import, not dozens of copies at once.
    if (input.startDate < addMonths(today, -12) || input.startDate > addMonths(today, 12)) throw fieldError("startDate", "finances:validation.recurringStart");
    if (input.endDate !== null && input.endDate < input.startDate) throw fieldError("endDate", "finances:validation.recurringEnd");
    await ensureCategory(c, input.category);
    // Not one field's fault: the form shows it as its general message.
    if ((await q.countRecurring(db, userId)) >= MAX_RECURRING) throw new ApiError("validation_failed", 400, "finances:validation.tooManyRecurring");
    const { dates, next } = dueOccurrences({ ...input, nextDate: input.startDate }, today);
    const row = await q.insertRecurring(db, userId, { id: newId(), ...input }, dates, next);
    changed(c, "recurring_transaction", row.id, "created");
    const written = await q.transactionsOfOccurrences(db, userId, [{ rule: row, dates }]);
    for (const t of written) changed(c, "transaction", t.id, "created");
    // As a manual expense does: the budget of its category hears of it.
    if (row.type === "expense" && written.length) await checkBudgets(budgetCheckOf(c), [row.category], dates);
    return c.json({ recurringTransaction: publicRecurring(row), transactions: written.map(publicTransaction) }, 201);
  })
  .patch(`/${ID}`, validate("json", patchRecurringSchema), async (c) => {
    const db = dbOf(c);
    const userId = userOf(c).id;
    const existing = await q.findRecurring(db, userId, c.req.param("id"));
    const { endDate, ...input } = c.req.valid("json");
    await ensureCategory(c, input.category);
    // The next occurrences are written as it now says; those written already stay as they are.
    let row: q.RecurringTransaction;
    if (endDate === undefined) row = (await q.updateRecurring(db, userId, existing.id, input)) ?? existing;
    else {
      // Not before the first date, nor before an occurrence already behind the rule (written or
      // skipped): what was written never falls after the rule's end, and an ended rule's next date
      // is always the first one after its end (./recurring.ts realNext).
      const passed = lastPassed(existing);
      if (endDate !== null && endDate < existing.startDate) throw fieldError("endDate", "finances:validation.recurringEnd");
      if (endDate !== null && passed && endDate < passed) throw fieldError("endDate", "finances:validation.recurringEndPassed");
      // An end before the next date ends the rule; a later one (or none) brings an ended rule back,
      // and the nightly catch-up writes what is due since.
      const next = storedNext(realNext(existing), endDate);
      const moved = await q.moveRecurring(db, userId, existing.id, existing.nextDate, next, { ...input, endDate });
      // The nightly job or a skip moved it between the read and the write: the client reads it again.
      if (!moved) throw fieldError("endDate", "finances:validation.recurringChanged", "conflict");
      row = moved;
    }
    changed(c, "recurring_transaction", row.id, "updated");
    return c.json({ recurringTransaction: publicRecurring(row) });
  })
  .post(`/${ID}/skip`, validate("json", skipRecurringSchema), async (c) => {
    const db = dbOf(c);
    const userId = userOf(c).id;
    const existing = await q.findRecurring(db, userId, c.req.param("id"));
    const { date } = c.req.valid("json");
    // Only the date the client saw is skipped, once: a second tap, a retry or a run of the nightly
    // job in between finds the rule moved on and answers 409 (the request is well formed; the
    // rule's state is not the one it was made for). Nothing is written for the skipped date.
    const stale = () => fieldError("date", "finances:validation.recurringSkipStale", "conflict");
    if (hasEnded(existing) || date !== existing.nextDate) throw stale();
    const row = await q.moveRecurring(db, userId, existing.id, date, storedNext(occurrenceAfter(existing.startDate, existing.frequency, date), existing.endDate));
    if (!row) throw stale();
    changed(c, "recurring_transaction", row.id, "updated");
    return c.json({ recurringTransaction: publicRecurring(row) });
  })
  .delete(`/${ID}`, async (c) => {
    const row = await q.findRecurring(dbOf(c), userOf(c).id, c.req.param("id"));
    await q.deleteRecurring(dbOf(c), userOf(c).id, row.id);
    changed(c, "recurring_transaction", row.id, "deleted");
    return c.body(null, 204);
  });

export const savingsGoalsApi = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", validate("query", z.object(pageQuery)), async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const today = localToday(userOf(c).timeZone);
    const page = await q.listSavingsGoals(dbOf(c), userOf(c).id, { limit, cursor });
    return c.json({ items: page.items.map((g) => publicSavingsGoal(g, today)), nextCursor: page.nextCursor });
  })
  .post("/", validate("json", createSavingsSchema), async (c) => {
    const row = await q.insertSavingsGoal(dbOf(c), userOf(c).id, { id: newId(), ...c.req.valid("json") });
    changed(c, "savings_goal", row.id, "created");
    return c.json({ savingsGoal: publicSavingsGoal(row, localToday(userOf(c).timeZone)) }, 201);
  })
  .get(`/${ID}`, async (c) => {
    const row = await q.findSavingsGoal(dbOf(c), userOf(c).id, c.req.param("id"));
    return c.json({ savingsGoal: publicSavingsGoal(row, localToday(userOf(c).timeZone)) });
  })
  .patch(`/${ID}`, validate("json", patchSavingsSchema), async (c) => {
    const existing = await q.findSavingsGoal(dbOf(c), userOf(c).id, c.req.param("id"));
    const row = (await q.updateSavingsGoal(dbOf(c), userOf(c).id, existing.id, c.req.valid("json"))) ?? existing;
    changed(c, "savings_goal", row.id, "updated");
    return c.json({ savingsGoal: publicSavingsGoal(row, localToday(userOf(c).timeZone)) });
  })
  .delete(`/${ID}`, async (c) => {
    const row = await q.findSavingsGoal(dbOf(c), userOf(c).id, c.req.param("id"));
    await q.deleteSavingsGoal(dbOf(c), userOf(c).id, row.id);
    changed(c, "savings_goal", row.id, "deleted");
    return c.body(null, 204);
  });

/**
 * Everything finances answers under /api/v1, mounted at "/" by the manifest.
 * The recurring transactions are at /finances/recurring (an addition, docs/api-additions.md).
 * The io half (./io-api.ts: POST /transactions/parse, POST /transactions/import,
 * GET /transactions/export.csv, GET /finances/insights) is routed first; its premium routes and the
 * import's body rule are declared in ./index.ts.
 */
export const financesApi = new Hono<AppEnv>()
  // The io half first: its fixed paths (/transactions/export.csv...) before the :id routes.
  .route("/", financesIoApi)
  .route("/transactions", transactionsApi)
  .route("/finances/categories", categoriesApi)
  .route("/finances/recurring", recurringApi)
  .route("/finances", summaryApi)
  .route("/budgets", budgetsApi)
  .route("/savings-goals", savingsGoalsApi);
