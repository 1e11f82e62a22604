import { defineModule } from "../types";

export const selfCareModule = defineModule({
  key: "selfCare",
  path: "autocuidado",
  icon: "selfCare",
  labelKey: "shell:nav.selfCare",
  namespace: "selfCare",
  entitlement: "selfCare",
  screens: [{ path: "autocuidado", labelKey: "shell:nav.selfCare", crumbKey: "shell:crumbs.autocuidado", file: "modules/selfCare/routes/self-care.tsx" }],
  navigation: {
    drawer: { section: "wellbeing", order: 10 },
  },
  flag: { name: "autocuidado", roadmapOrder: 70 },
  landed: true,
});
