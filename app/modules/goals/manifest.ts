import { defineModule } from "../types";

export const goalsModule = defineModule({
  key: "goals",
  path: "objetivos",
  icon: "goals",
  labelKey: "shell:nav.goals",
  namespace: "goals",
  screens: [{ path: "objetivos", labelKey: "shell:nav.goals", crumbKey: "shell:crumbs.objetivos" }],
  legacyPaths: ["objetivos"],
  navigation: {
    sidebar: { group: "organisation", order: 30 },
    drawer: { section: "main", order: 20 },
    swipe: 20,
  },
  flag: { name: "objetivos", roadmapOrder: 10 },
});
