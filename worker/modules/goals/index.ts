import { defineWorkerModule } from "../types";
import { goalsApi } from "./api";
import { exportGoals, searchGoals, seedGoals } from "./queries";

/** Goals (issue 12): the /goals API with milestones, search, export and demo data (docs/decisions/0023-goals.md). */
export const goalsModule = defineWorkerModule({
  key: "goals",
  // Goals are in every plan (../shared/DECISIONS.md "Plans and entitlements"): no premium routes.
  api: { mount: "/goals", app: goalsApi },
  searchTypes: ["goal"],
  search: [
    {
      type: "goal",
      search: async (db, userId, query, limit) =>
        (await searchGoals(db, userId, query, limit)).map((goal) => ({
          id: goal.id,
          title: goal.title,
          description: goal.description,
          type: "goal",
          module: "goals",
          url: `/app/objetivos?goal=${goal.id}`,
          metadata: { status: goal.status, ...(goal.deadline ? { date: goal.deadline } : {}) },
        })),
    },
  ],
  exporter: { tables: ["goals", "goal_milestones"], export: (db, userId) => exportGoals(db, userId) },
  seed: (db, userId) => seedGoals(db, userId),
});
