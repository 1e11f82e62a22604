import { defineWorkerModule } from "../types";

/** The AI assistant and AI insights (Pro): no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const assistantModule = defineWorkerModule({
  key: "assistant",
  searchTypes: ["insight"],
});
