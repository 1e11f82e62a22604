import { defineModule } from "../types";

export const cycleModule = defineModule({
  key: "cycle",
  path: "ciclo-menstrual",
  icon: "cycle",
  labelKey: "shell:nav.cycle",
  namespace: "cycle",
  screens: [
    {
      path: "ciclo-menstrual",
      labelKey: "shell:nav.cycle",
      crumbKey: "shell:crumbs.ciclo-menstrual",
      file: "modules/cycle/routes/cycle.tsx",
      // Targets are data-tour attributes of app/modules/cycle/routes/cycle.tsx.
      tourSteps: [
        { key: "cycle:tour.logToday", target: '[data-tour="cycle-log-today"]', position: "bottom" },
        { key: "cycle:tour.logDay", target: '[data-tour="cycle-log-day"]', position: "bottom" },
        { key: "cycle:tour.disclaimer", target: '[data-tour="cycle-disclaimer"]', position: "bottom" },
      ],
    },
  ],
  // /ciclo is the old short path (the legacy redirect maps it to ciclo-menstrual).
  legacyPaths: ["ciclo", "ciclo-menstrual"],
  navigation: {
    sidebar: { group: "wellbeing", order: 10 },
    swipe: 70,
  },
  flag: { name: "ciclo_menstrual", roadmapOrder: 50 },
  landed: true,
});
