import { defineModule } from "../types";

export const goalsModule = defineModule({
  key: "goals",
  path: "objetivos",
  icon: "goals",
  labelKey: "shell:nav.goals",
  namespace: "goals",
  screens: [
    {
      path: "objetivos",
      labelKey: "shell:nav.goals",
      crumbKey: "shell:crumbs.objetivos",
      file: "modules/goals/routes/goals.tsx",
      // Targets are data-tour attributes of app/modules/goals/routes/goals.tsx.
      tourSteps: [
        { key: "goals:tour.new", target: '[data-tour="goals-new"]', position: "bottom" },
        { key: "goals:tour.filters", target: '[data-tour="goals-filters"]', position: "bottom" },
        { key: "goals:tour.list", target: '[data-tour="goals-list"]', position: "top" },
      ],
    },
  ],
  legacyPaths: ["objetivos"],
  navigation: {
    sidebar: { group: "organisation", order: 30 },
    drawer: { section: "main", order: 20 },
    swipe: 20,
  },
  flag: { name: "objetivos", roadmapOrder: 10 },
  landed: true,
});
