import { defineModule } from "../types";

export const financesModule = defineModule({
  key: "finances",
  path: "financas",
  icon: "finances",
  labelKey: "shell:nav.finances",
  namespace: "finances",
  // Basic finances are in every plan; analysis, budgets and CSV are premium routes of the API.
  screens: [{ path: "financas", labelKey: "shell:nav.finances", crumbKey: "shell:crumbs.financas", file: "modules/finances/routes/finances.tsx" }],
  legacyPaths: ["financas"],
  navigation: {
    sidebar: { group: "organisation", order: 50 },
    // The specification marks finances in the drawer with the premium label.
    drawer: { section: "main", order: 50, premiumLabel: true },
    tab: { order: 40 },
    swipe: 40,
  },
  flag: { name: "financas", roadmapOrder: 30 },
  landed: true,
});
