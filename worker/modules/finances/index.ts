import { defineWorkerModule } from "../types";
import { exportFinances } from "./queries";

/** Finances: tables and export so far; its API, search provider and screen arrive with issue 14 (docs/modules.md). */
export const financesModule = defineWorkerModule({
  key: "finances",
  searchTypes: ["transaction"],
  exporter: { tables: ["transactions", "finance_categories"], export: (db, userId) => exportFinances(db, userId) },
});
