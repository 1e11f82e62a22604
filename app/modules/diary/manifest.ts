import { defineModule } from "../types";

export const diaryModule = defineModule({
  key: "diary",
  path: "diario",
  icon: "diary",
  labelKey: "shell:nav.diary",
  namespace: "diary",
  entitlement: "diary",
  screens: [{ path: "diario", labelKey: "shell:nav.diary", crumbKey: "shell:crumbs.diario", file: "modules/diary/routes/diary.tsx" }],
  legacyPaths: ["diario"],
  navigation: {
    sidebar: { group: "organisation", order: 40 },
    drawer: { section: "wellbeing", order: 20 },
    swipe: 50,
  },
  flag: { name: "diario_emocional", roadmapOrder: 60 },
  landed: true,
});
