import { defineModule } from "../types";

export const tasksModule = defineModule({
  key: "tasks",
  path: "tarefas",
  icon: "tasks",
  labelKey: "shell:nav.tasks",
  namespace: "tasks",
  screens: [{ path: "tarefas", labelKey: "shell:nav.tasks", crumbKey: "shell:crumbs.tarefas", file: "modules/tasks/routes/tasks.tsx" }],
  legacyPaths: ["tarefas"],
  navigation: {
    sidebar: { group: "organisation", order: 20 },
    drawer: { section: "main", order: 40 },
    tab: { order: 30 },
    swipe: 60,
  },
  landed: true,
});
