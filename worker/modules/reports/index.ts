import { defineWorkerModule } from "../types";
import { reportsApi } from "./api";
import { weeklyReportJobs } from "./job";
import { exportReports } from "./queries";

/**
 * Weekly reports (issue 17, Light and Pro): built by the Monday cron (./job.ts) from every module's
 * data, stored per user and week, listed and shown by the API. Generating is the paid part and only
 * the cron does it; reading stays open, so there are no premium routes (docs/decisions/0039). No
 * search type: the "insight" type of global search belongs to the assistant module.
 */
export const reportsModule = defineWorkerModule({
  key: "reports",
  api: { mount: "/reports", app: reportsApi },
  searchTypes: [],
  exporter: { tables: ["weekly_reports"], export: (db, userId) => exportReports(db, userId) },
  jobs: weeklyReportJobs,
});
