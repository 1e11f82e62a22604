import { defineWorkerModule } from "../types";

/** Self-care routines: no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const selfCareModule = defineWorkerModule({
  key: "selfCare",
  searchTypes: [],
});
