/**
 * Every module's server half, in the same order as app/modules/index.ts. Adding a module: its
 * folder worker/modules/<key>/ and one line here (docs/modules.md).
 */
import { assistantModule } from "./assistant";
import { calendarModule } from "./calendar";
import { cycleModule } from "./cycle";
import { diaryModule } from "./diary";
import { financesModule } from "./finances";
import { goalsModule } from "./goals";
import { reportsModule } from "./reports";
import { selfCareModule } from "./selfCare";
import { tasksModule } from "./tasks";
import type { WorkerModule } from "./types";

export const WORKER_MODULES: readonly WorkerModule[] = [
  tasksModule,
  calendarModule,
  goalsModule,
  diaryModule,
  financesModule,
  cycleModule,
  selfCareModule,
  assistantModule,
  reportsModule,
];
