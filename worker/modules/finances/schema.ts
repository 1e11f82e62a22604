/**
 * The finances module's tables: transactions and the user's own categories. Budgets and savings
 * goals live here too once their issue lands. Money in integer cents, dates `YYYY-MM-DD` (the
 * user's calendar day), instants UTC. Only ./queries.ts reads them (tests/unit/db-guard.test.ts).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps, users } from "../../db/schema";

const { createdAt, updatedAt } = timestamps;

export const TRANSACTION_TYPES = ["income", "expense"] as const;
/**
 * How a transaction came in: typed in the form, read from a sentence, imported from a file, or
 * written on its day by a recurring transaction ("Movimentos fixos", docs/decisions/0116).
 */
export const TRANSACTION_SOURCES = ["manual", "sentence", "import", "recurring"] as const;
export const RECURRING_FREQUENCIES = ["weekly", "monthly", "yearly"] as const;

export const transactions = sqliteTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: TRANSACTION_TYPES }).notNull(),
    /** Always positive; `type` says which way the money went. */
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull().default(""),
    date: text("date").notNull(),
    /** A default category key ("groceries", "restaurants"...) or the id of one of the user's own. */
    category: text("category").notNull(),
    source: text("source", { enum: TRANSACTION_SOURCES }).notNull().default("manual"),
    /**
     * For imported rows: a fingerprint of the bank's row (date, amount, description, and the
     * bank's own reference when it has one), so importing the same file again adds nothing.
     */
    importKey: text("import_key"),
    createdAt,
    updatedAt,
  },
  (t) => [
    // The list by day (newest first) and the month/period summaries.
    index("transactions_user_date_idx").on(t.userId, t.date, t.id),
    index("transactions_user_category_date_idx").on(t.userId, t.category, t.date),
    // Covers the sums of the summary and the analysis (balance, month totals, months): read from
    // the index alone, without visiting 20,000 rows.
    index("transactions_user_date_type_amount_idx").on(t.userId, t.date, t.type, t.amountCents),
    uniqueIndex("transactions_user_import_key_idx").on(t.userId, t.importKey),
  ],
);

/** The user's own categories, beside the default set (which lives in code, translated). */
export const financeCategories = sqliteTable(
  "finance_categories",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Which transactions it applies to: income, expense or both. */
    type: text("type", { enum: ["income", "expense", "both"] }).notNull().default("expense"),
    createdAt,
    updatedAt,
  },
  (t) => [uniqueIndex("finance_categories_user_name_idx").on(t.userId, t.name)],
);

/**
 * A monthly spending limit for one category (a default key or one of the user's own category ids):
 * the same limit applies to every month; progress is the month's expenses in that category.
 */
export const budgets = sqliteTable(
  "budgets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    limitCents: integer("limit_cents").notNull(),
    createdAt,
    updatedAt,
  },
  // One budget per category: two limits for the same spending would contradict each other.
  (t) => [uniqueIndex("budgets_user_category_idx").on(t.userId, t.category)],
);

/** A savings goal: how much, how much is already put aside, and by when (optional). */
export const savingsGoals = sqliteTable(
  "savings_goals",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    targetCents: integer("target_cents").notNull(),
    savedCents: integer("saved_cents").notNull().default(0),
    deadline: text("deadline"),
    createdAt,
    updatedAt,
  },
  (t) => [index("savings_goals_user_created_idx").on(t.userId, t.createdAt, t.id)],
);

/**
 * A recurring transaction ("Movimentos fixos", docs/decisions/0116): the salary every month, the gym
 * every month, insurance every year. Each occurrence due by the user's today is written as an
 * ordinary transaction (source "recurring", import key `recurring:<id>:<date>`, so it lands once);
 * `nextDate` is the first occurrence not written yet. The start date's day is the anchor every
 * later date is computed from (31 January, then 28 February, then 31 March).
 */
export const recurringTransactions = sqliteTable(
  "recurring_transactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: TRANSACTION_TYPES }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    frequency: text("frequency", { enum: RECURRING_FREQUENCIES }).notNull(),
    startDate: text("start_date").notNull(),
    /**
     * The first occurrence not written (or skipped) yet. Once it is past `endDate` the rule has ended
     * and this is RECURRING_ENDED ("9999-12-31", ./recurring.ts): out of every range of next dates
     * the catch-up reads, so an ended rule is never selected again (decision 0116, "Revised").
     */
    nextDate: text("next_date").notNull(),
    /** The last day an occurrence may fall on ("Até"); null runs until stopped. */
    endDate: text("end_date"),
    createdAt,
    updatedAt,
  },
  (t) => [
    // The list (next first) and the user's own catch-up.
    index("recurring_transactions_user_next_idx").on(t.userId, t.nextDate, t.id),
    // The daily job's page of users with something due: a range of next dates, not every rule.
    index("recurring_transactions_next_user_idx").on(t.nextDate, t.userId),
  ],
);
