import { defineWorkerModule } from "../types";
import { goalsApi } from "./api";
import { exportGoals, seedGoals } from "./queries";
import { goalSearch } from "./search";

/** Goals (issue 12): the /goals API with milestones, search, export and demo data (docs/decisions/0023-goals.md). */
export const goalsModule = defineWorkerModule({
  key: "goals",
  // Goals are in every plan (../shared/DECISIONS.md "Plans and entitlements"): no premium routes.
  api: { mount: "/goals", app: goalsApi },
  searchTypes: ["goal"],
  searchSources: [goalSearch],
  exporter: { tables: ["goals", "goal_milestones"], export: (db, userId) => exportGoals(db, userId) },
  seed: (db, userId) => seedGoals(db, userId),
});
