import { defineWorkerModule } from "../types";
import { financesApi } from "./api";
import { budgetCheckJob } from "./budget-job";
import { FINANCES_IO_BODIES, FINANCES_IO_PREMIUM } from "./io-api";
import { localToday } from "./logic";
import { recurringTransactionsJob } from "./recurring-job";
import { exportFinances, seedFinances } from "./queries";
import { transactionSearch } from "./search";

const advanced = "finances.advanced" as const;

/**
 * Finances (issue 14): transactions, the dashboard, budgets, savings goals. Free users keep
 * transactions, the dashboard, filters and sentence entry; analysis, budgets, savings goals and CSV
 * are Light (../shared/DECISIONS.md). Budget and savings-goal deletes stay open: a downgraded user
 * may always remove their own data. Recurring transactions (decision 0116) are open to every plan,
 * as the transactions they write are. Sub-routes: ./api.ts (and the io half, ./io-api.ts, once merged).
 */
export const financesModule = defineWorkerModule({
  key: "finances",
  api: { mount: "/", app: financesApi },
  // POST /transactions/import takes a CSV (or a form with one) up to 5 MB.
  bodies: FINANCES_IO_BODIES,
  premium: [
    { method: "POST", path: "/budgets", entitlement: advanced },
    { method: "PATCH", path: "/budgets/:id", entitlement: advanced },
    { method: "POST", path: "/savings-goals", entitlement: advanced },
    { method: "PATCH", path: "/savings-goals/:id", entitlement: advanced },
    { method: "GET", path: "/finances/analysis", entitlement: advanced, paidRead: true },
    // The io half's: import, CSV export and insights.
    ...FINANCES_IO_PREMIUM,
  ],
  // Recurring transactions written on their day (./recurring-job.ts), then budget alerts for
  // expenses entered ahead, on their day (./budget-job.ts).
  jobs: [recurringTransactionsJob, budgetCheckJob],
  searchTypes: ["transaction"],
  searchSources: [transactionSearch],
  exporter: {
    tables: ["transactions", "finance_categories", "budgets", "savings_goals", "recurring_transactions"],
    export: (db, userId) => exportFinances(db, userId),
  },
  seed: (db, userId) => seedFinances(db, userId, localToday("Europe/Lisbon")),
});
