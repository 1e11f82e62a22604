import { defineWorkerModule } from "../types";

/** Finances: no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const financesModule = defineWorkerModule({
  key: "finances",
  searchTypes: ["transaction"],
});
