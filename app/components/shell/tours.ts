/** Guided tours: one for the dashboard, one per module screen. Steps name catalogue keys. */
export type TourPosition = "top" | "bottom" | "left" | "right";
export type GuideStep = { key: string; vars?: Record<string, string>; target?: string; position?: TourPosition };
export type Guide = { id: string; steps: GuideStep[] };

const dashboardGuide: Guide = {
  id: "dashboard",
  steps: [
    { key: "tour.dashboard.welcome" },
    { key: "tour.dashboard.sidebar", target: '[data-tour="sidebar"]', position: "right" },
    { key: "tour.dashboard.search", target: '[data-tour="search"]', position: "bottom" },
    { key: "tour.dashboard.notifications", target: '[data-tour="notifications"]', position: "bottom" },
    { key: "tour.dashboard.profile", target: '[data-tour="settings"]', position: "bottom" },
  ],
};

/** Module screens with a tour, keyed by their path segment, with the catalogue key of their name. */
export const MODULE_TOURS: Record<string, string> = {
  calendario: "shell:nav.calendar",
  tarefas: "shell:nav.tasks",
  objetivos: "shell:nav.goals",
  diario: "shell:nav.diary",
  financas: "shell:nav.finances",
  "ciclo-menstrual": "shell:nav.cycle",
  autocuidado: "shell:nav.selfCare",
  chat: "shell:nav.chat",
  assistant: "shell:nav.assistant",
  "relatorios-semanais": "shell:nav.weeklyReports",
};

/** The tour of a page, or null. `moduleName` is the translated module name for the module tours. */
export function guideFor(pathname: string, moduleName: (key: string) => string): Guide | null {
  const segment = pathname.replace(/^\/app\/?/, "").split("/")[0];
  if (segment === "dashboard" || segment === "meu-impacto") return dashboardGuide;
  const nameKey = MODULE_TOURS[segment];
  if (!nameKey) return null;
  const vars = { module: moduleName(nameKey) };
  return {
    id: `module-${segment}`,
    steps: [
      { key: "tour.module.intro", vars },
      { key: "tour.module.help", target: '[data-tour="feedback"]', position: "top" },
    ],
  };
}
