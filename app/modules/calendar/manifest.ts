import { defineModule } from "../types";

export const calendarModule = defineModule({
  key: "calendar",
  path: "calendario",
  icon: "calendar",
  labelKey: "shell:nav.calendar",
  namespace: "calendar",
  screens: [{ path: "calendario", labelKey: "shell:nav.calendar", crumbKey: "shell:crumbs.calendario", file: "modules/calendar/routes/calendar.tsx" }],
  legacyPaths: ["calendario"],
  navigation: {
    sidebar: { group: "organisation", order: 10 },
    drawer: { section: "main", order: 30 },
    tab: { order: 20 },
    swipe: 30,
  },
  flag: { name: "calendario", roadmapOrder: 20 },
  landed: true,
});
