import { defineModule } from "../types";

export const diaryModule = defineModule({
  key: "diary",
  path: "diario",
  icon: "diary",
  labelKey: "shell:nav.diary",
  namespace: "diary",
  entitlement: "diary",
  screens: [
    {
      path: "diario",
      labelKey: "shell:nav.diary",
      crumbKey: "shell:crumbs.diario",
      file: "modules/diary/routes/diary.tsx",
      // Targets are data-tour attributes of app/modules/diary/routes/diary.tsx.
      // The tab bar and the panel are the only parts every tab and plan shows.
      tourSteps: [
        { key: "diary:tour.tabs", target: '[data-tour="diary-tabs"]', position: "bottom" },
        { key: "diary:tour.panel", target: '[data-tour="diary-panel"]', position: "top" },
      ],
    },
  ],
  legacyPaths: ["diario"],
  navigation: {
    sidebar: { group: "organisation", order: 40 },
    drawer: { section: "wellbeing", order: 20 },
    swipe: 50,
  },
  flag: { name: "diario_emocional", roadmapOrder: 60 },
  landed: true,
});
