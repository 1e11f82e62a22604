import { defineModule } from "../types";

export const calendarModule = defineModule({
  key: "calendar",
  path: "calendario",
  icon: "calendar",
  labelKey: "shell:nav.calendar",
  namespace: "calendar",
  screens: [
    {
      path: "calendario",
      labelKey: "shell:nav.calendar",
      crumbKey: "shell:crumbs.calendario",
      file: "modules/calendar/routes/calendar.tsx",
      // Targets are data-tour attributes of app/modules/calendar/routes/calendar.tsx.
      tourSteps: [
        { key: "calendar:tour.new", target: '[data-tour="calendar-new"]', position: "bottom" },
        { key: "calendar:tour.quickAdd", target: '[data-tour="calendar-quick-add"]', position: "bottom" },
        { key: "calendar:tour.views", target: '[data-tour="calendar-views"]', position: "bottom" },
        { key: "calendar:tour.grid", target: '[data-tour="calendar-grid"]', position: "top" },
      ],
    },
  ],
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
