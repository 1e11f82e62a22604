import { defineWorkerModule } from "../types";

/** The emotional diary (Light and Pro): no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const diaryModule = defineWorkerModule({
  key: "diary",
  searchTypes: ["note"],
});
