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
    {
      path: "relatorios-semanais",
      labelKey: "shell:nav.weeklyReports",
      crumbKey: "shell:crumbs.relatorios-semanais",
      file: "modules/reports/routes/reports.tsx",
      // The target is a data-tour attribute of app/modules/reports/routes/reports.tsx, present
      // with or without reports (the empty state before the first Monday).
      tourSteps: [{ key: "reports:tour.report", target: '[data-tour="reports-content"]', position: "top" }],
    },
    { path: "premium/reports", labelKey: "shell:nav.weeklyReports", crumbKey: "shell:crumbs.reports", tour: false, file: "modules/reports/routes/reports.tsx" },
  ],
  legacyPaths: ["relatorios-semanais"],
  navigation: {
    sidebar: { group: "premium", order: 10, path: "premium/reports" },
    drawer: { section: "wellbeing", order: 40 },
  },
  flag: { name: "relatorios_semanais", roadmapOrder: 80 },
  landed: true,
});
