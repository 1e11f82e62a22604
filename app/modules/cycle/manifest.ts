import { defineModule } from "../types";

export const cycleModule = defineModule({
  key: "cycle",
  path: "ciclo-menstrual",
  icon: "cycle",
  labelKey: "shell:nav.cycle",
  namespace: "cycle",
  screens: [{ path: "ciclo-menstrual", labelKey: "shell:nav.cycle", crumbKey: "shell:crumbs.ciclo-menstrual", file: "modules/cycle/routes/cycle.tsx" }],
  // /ciclo is the old short path (the legacy redirect maps it to ciclo-menstrual).
  legacyPaths: ["ciclo", "ciclo-menstrual"],
  navigation: {
    sidebar: { group: "wellbeing", order: 10 },
    swipe: 70,
  },
  flag: { name: "ciclo_menstrual", roadmapOrder: 50 },
  landed: true,
});
