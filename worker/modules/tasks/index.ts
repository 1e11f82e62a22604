import { defineWorkerModule } from "../types";

/** Tasks: no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const tasksModule = defineWorkerModule({
  key: "tasks",
  searchTypes: ["task"],
});
