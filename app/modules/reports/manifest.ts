import { defineModule } from "../types";

/** Weekly reports: /app/relatorios-semanais, and /app/premium/reports under the Premium group. */
export const reportsModule = defineModule({
  key: "reports",
  path: "relatorios-semanais",
  icon: "reports",
  labelKey: "shell:nav.weeklyReports",
  namespace: "reports",
  entitlement: "weeklyReports",
  screens: [
    { path: "relatorios-semanais", labelKey: "shell:nav.weeklyReports", crumbKey: "shell:crumbs.relatorios-semanais" },
    { path: "premium/reports", labelKey: "shell:nav.weeklyReports", crumbKey: "shell:crumbs.reports", tour: false },
  ],
  legacyPaths: ["relatorios-semanais"],
  navigation: {
    sidebar: { group: "premium", order: 10, path: "premium/reports" },
    drawer: { section: "wellbeing", order: 40 },
  },
  flag: { name: "relatorios_semanais", roadmapOrder: 80 },
});
