import { defineModule } from "../types";

export const selfCareModule = defineModule({
  key: "selfCare",
  path: "autocuidado",
  icon: "selfCare",
  labelKey: "shell:nav.selfCare",
  namespace: "selfCare",
  entitlement: "selfCare",
  screens: [
    {
      path: "autocuidado",
      labelKey: "shell:nav.selfCare",
      crumbKey: "shell:crumbs.autocuidado",
      file: "modules/selfCare/routes/self-care.tsx",
      // Targets are data-tour attributes of app/modules/selfCare/routes/self-care.tsx.
      // Always-present UI only: the header, and the create button (two buttons, one target: the header's
      // when there are routines, the empty state's when there are none).
      tourSteps: [
        { key: "selfCare:tour.header", target: '[data-tour="selfCare-header"]', position: "bottom" },
        { key: "selfCare:tour.new", target: '[data-tour="selfCare-new"]', position: "bottom" },
      ],
    },
  ],
  navigation: {
    // The spec's sidebar predates the module and lists only the cycle under Bem-Estar: without this
    // a desktop had no way in but the search (decision 0097).
    sidebar: { group: "wellbeing", order: 20 },
    drawer: { section: "wellbeing", order: 10 },
  },
  flag: { name: "autocuidado", roadmapOrder: 70 },
  landed: true,
});
