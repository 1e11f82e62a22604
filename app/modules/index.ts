/**
 * Every module of the app, in onboarding's default order. Adding a module: its folder
 * (app/modules/<key>/manifest.ts, worker/modules/<key>/) and one line here and in
 * worker/modules/index.ts (docs/modules.md).
 */
import { assistantModule } from "./assistant/manifest";
import { calendarModule } from "./calendar/manifest";
import { cycleModule } from "./cycle/manifest";
import { diaryModule } from "./diary/manifest";
import { financesModule } from "./finances/manifest";
import { goalsModule } from "./goals/manifest";
import { reportsModule } from "./reports/manifest";
import { selfCareModule } from "./selfCare/manifest";
import { tasksModule } from "./tasks/manifest";
import type { ModuleManifest } from "./types";

export const MODULES = [
  tasksModule,
  calendarModule,
  goalsModule,
  diaryModule,
  financesModule,
  cycleModule,
  selfCareModule,
  assistantModule,
  reportsModule,
] as const satisfies readonly ModuleManifest[];

export type ModuleKey = (typeof MODULES)[number]["key"];
export const MODULE_KEYS = MODULES.map((m) => m.key) as [ModuleKey, ...ModuleKey[]];
