import { defineWorkerModule } from "../types";

/** Goals: no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const goalsModule = defineWorkerModule({
  key: "goals",
  searchTypes: ["goal"],
});
