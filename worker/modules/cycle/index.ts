import { defineWorkerModule } from "../types";
import { cycleApi } from "./api";
import { addDays } from "./predictions";
import { exportCycle, seedCycle } from "./queries";
import { periodExpectedJob } from "./reminder";

/**
 * Menstrual-cycle tracking (issue 15): logged days, predictions and the "period expected" reminder.
 * Free on every plan (../shared/DECISIONS.md), so no premium routes. No search type: health data
 * does not surface in Ctrl/Cmd+K, where anyone glancing at the screen would see it (0031).
 */
export const cycleModule = defineWorkerModule({
  key: "cycle",
  api: { mount: "/cycle", app: cycleApi },
  searchTypes: [],
  exporter: { tables: ["cycle_days", "cycle_reminders", "cycle_long_cycles"], export: (db, userId) => exportCycle(db, userId) },
  jobs: [periodExpectedJob],
  seed: (db, userId) => seedCycle(db, userId, new Date().toISOString().slice(0, 10), addDays),
});
