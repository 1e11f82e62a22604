import type { ExportSeed } from "./types";

export const seedExport: ExportSeed = async ({ userId, tag, run, marker }) => {
  await run("insert into transactions (id, user_id, type, amount_cents, description, date, category) values (?, ?, 'expense', 250, ?, '2026-11-20', 'restaurants')", `tx-${tag}`, userId, marker("transactions"));
  await run("insert into finance_categories (id, user_id, name) values (?, ?, ?)", `fc-${tag}`, userId, marker("finance_categories"));
  return { transactions: { markers: [marker("transactions")] }, finance_categories: { markers: [marker("finance_categories")] } };
};
