import { EVERY_QUARTER_HOUR } from "../../cron/schedules";
import { defineWorkerModule } from "../types";
import { WORKER_MODULES } from "..";
import { createTasksApi, taskTimeline } from "./api";
import { exportTasks, seedTasks } from "./queries";
import { taskReminders } from "./reminders";
import { localDateOf, shiftDate } from "./scheduling";
import { taskSearch } from "./search";

/** Tasks (issue 12): the /tasks API with smart scheduling, search, export, demo data and its timeline. */
export const tasksModule = defineWorkerModule({
  key: "tasks",
  // WORKER_MODULES is read per request (createTasksApi), so this import cycle is harmless.
  api: { mount: "/tasks", app: createTasksApi(() => WORKER_MODULES) },
  searchTypes: ["task"],
  searchSources: [taskSearch],
  exporter: { tables: ["tasks", "task_steps"], export: (db, userId) => exportTasks(db, userId) },
  timeline: taskTimeline,
  // EVERY_QUARTER_HOUR of worker/cron/registry.ts, written out: that file reads the module list when it loads.
  jobs: [{ name: "task-reminders", schedule: EVERY_QUARTER_HOUR, fanOut: taskReminders }],
  seed: async (db, userId) => {
    const today = localDateOf(new Date(), "Europe/Lisbon");
    await seedTasks(db, userId, today, (n) => shiftDate(today, n));
  },
});
