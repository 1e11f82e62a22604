import { defineWorkerModule } from "../types";

/** Menstrual-cycle tracking (no search type in the API contract): no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const cycleModule = defineWorkerModule({
  key: "cycle",
  searchTypes: [],
});
