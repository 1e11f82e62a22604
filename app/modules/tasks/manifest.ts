import { defineModule } from "../types";

export const tasksModule = defineModule({
  key: "tasks",
  path: "tarefas",
  icon: "tasks",
  labelKey: "shell:nav.tasks",
  namespace: "tasks",
  screens: [
    {
      path: "tarefas",
      labelKey: "shell:nav.tasks",
      crumbKey: "shell:crumbs.tarefas",
      file: "modules/tasks/routes/tasks.tsx",
      // Targets are data-tour attributes of app/modules/tasks/routes/tasks.tsx.
      tourSteps: [
        { key: "tasks:tour.new", target: '[data-tour="tasks-new"]', position: "bottom" },
        { key: "tasks:tour.quickAdd", target: '[data-tour="tasks-quick-add"]', position: "bottom" },
        { key: "tasks:tour.planDay", target: '[data-tour="tasks-plan-day"]', position: "bottom" },
        { key: "tasks:tour.pending", target: '[data-tour="tasks-pending"]', position: "top" },
      ],
    },
  ],
  legacyPaths: ["tarefas"],
  navigation: {
    sidebar: { group: "organisation", order: 20 },
    drawer: { section: "main", order: 40 },
    tab: { order: 30 },
    swipe: 60,
  },
  landed: true,
});
