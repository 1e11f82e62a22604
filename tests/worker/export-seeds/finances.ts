import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', 250, ?, '2026-11-20', 'restaurants')", `tx-${tag}`, userId, marker("transactions"));
  await run("insert into finance_categories (id, user_id, name) values (?, ?, ?)", `fc-${tag}`, userId, marker("finance_categories"));
  await run("insert into budgets (id, user_id, category, limit_cents) values (?, ?, ?, 10000)", `bu-${tag}`, userId, marker("budgets"));
  await run("insert into savings_goals (id, user_id, title, target_cents) values (?, ?, ?, 100000)", `sg-${tag}`, userId, marker("savings_goals"));
  await run("insert into recurring_transactions (id, user_id, type, amount_cents, description, category, frequency, start_date, next_date) values (?, ?, 'expense', 3500, ?, 'health', 'monthly', '2026-11-20', '2026-12-20')", `rt-${tag}`, userId, marker("recurring_transactions"));
  return {
    transactions: { markers: [marker("transactions")] },
    finance_categories: { markers: [marker("finance_categories")] },
    budgets: { markers: [marker("budgets")] },
    savings_goals: { markers: [marker("savings_goals")] },
    recurring_transactions: { markers: [marker("recurring_transactions")] },
  };
};
