import { defineModule } from "../types";

export const financesModule = defineModule({
  key: "finances",
  path: "financas",
  icon: "finances",
  labelKey: "shell:nav.finances",
  namespace: "finances",
  // Basic finances are in every plan; analysis, budgets and CSV are premium routes of the API.
  screens: [
    {
      path: "financas",
      labelKey: "shell:nav.finances",
      crumbKey: "shell:crumbs.financas",
      file: "modules/finances/routes/finances.tsx",
      // Targets are data-tour attributes of app/modules/finances/routes/finances.tsx.
      // The sentence entry is its own component (sentence-entry.tsx), so it has no target here.
      tourSteps: [
        { key: "finances:tour.add", target: '[data-tour="finances-add"]', position: "bottom" },
        { key: "finances:tour.recurring", target: '[data-tour="finances-recurring"]', position: "bottom" },
        { key: "finances:tour.values", target: '[data-tour="finances-values"]', position: "bottom" },
        { key: "finances:tour.tabs", target: '[data-tour="finances-tabs"]', position: "bottom" },
      ],
    },
  ],
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
