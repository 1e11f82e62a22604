import { findUserById } from "../../db/accounts";
import type { Db } from "../../db/client";
import { defineWorkerModule } from "../types";
import { reportsApi } from "./api";
import { buildWeeklyReport, lastWeekStart } from "./builder";
import { gatherWeekFacts } from "./gather";
import { weeklyReportJobs } from "./job";
import { exportReports, insertReport } from "./queries";

/**
 * The demo account's report of last week, built from the other modules' demo data like the cron
 * builds everyone's (this module seeds last, after them); a rerun keeps the one stored.
 */
async function seedReport(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) return;
  const now = new Date();
  await insertReport(db, userId, buildWeeklyReport(await gatherWeekFacts(db, user, lastWeekStart(now, user.timeZone))), now);
}

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
  seed: seedReport,
});
