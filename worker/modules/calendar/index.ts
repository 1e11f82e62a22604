import { defineWorkerModule } from "../types";

/** The calendar: no API yet. Its API, tables, search provider and exporter arrive with its issue (docs/modules.md). */
export const calendarModule = defineWorkerModule({
  key: "calendar",
  searchTypes: ["event"],
});
