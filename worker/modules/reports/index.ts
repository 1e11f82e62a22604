import { defineWorkerModule } from "../types";

/** Weekly reports: no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const reportsModule = defineWorkerModule({
  key: "reports",
  searchTypes: [],
});
