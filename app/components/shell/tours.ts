/** Guided tours: one for the dashboard, one per module screen (from the manifests). Steps name catalogue keys. */
import { MODULES } from "~/modules";
import type { ModuleManifest } from "~/modules/types";

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
export function moduleTours(modules: readonly ModuleManifest[]): Record<string, string> {
  return Object.fromEntries(modules.flatMap((m) => m.screens.filter((screen) => screen.tour !== false).map((screen) => [screen.path, screen.labelKey])));
}

export const MODULE_TOURS = moduleTours(MODULES);

/** Module screens' own tour steps (manifest `tourSteps`), keyed by their path segment. */
export function moduleTourSteps(modules: readonly ModuleManifest[]): Record<string, GuideStep[]> {
  return Object.fromEntries(modules.flatMap((m) => m.screens.flatMap((screen) => (screen.tourSteps?.length ? [[screen.path, screen.tourSteps.map((step) => ({ ...step }))]] : []))));
}

export const MODULE_TOUR_STEPS = moduleTourSteps(MODULES);

/** The query parameters by which an address opens one item (the search's and the assistant's links). */
const OPENS_ITEM = ["task", "event", "goal", "edit", "entrada"];

/**
 * Whether an address opens one item of the screen (`?event=…`): the person came for that item, and
 * a first-visit tour starting by itself would cover its dialog. The tour waits for the next visit
 * (the header's Guia still plays it).
 */
export const opensItem = (search: string) => {
  const params = new URLSearchParams(search);
  return OPENS_ITEM.some((name) => params.has(name));
};

/** The tour of a page, or null. `moduleName` is the translated module name for the module tours. */
export function guideFor(
  pathname: string,
  moduleName: (key: string) => string,
  tours: Record<string, string> = MODULE_TOURS,
  screenSteps: Record<string, GuideStep[]> = MODULE_TOUR_STEPS,
): Guide | null {
  const segment = pathname.replace(/^\/app\/?/, "").split("/")[0];
  if (segment === "dashboard" || segment === "meu-impacto") return dashboardGuide;
  const nameKey = Object.hasOwn(tours, segment) ? tours[segment] : undefined;
  if (!nameKey) return null;
  const vars = { module: moduleName(nameKey) };
  return {
    id: `module-${segment}`,
    steps: [
      { key: "tour.module.intro", vars },
      ...(Object.hasOwn(screenSteps, segment) ? screenSteps[segment] : []),
      { key: "tour.module.help", target: '[data-tour="feedback"]', position: "top" },
    ],
  };
}

/**
 * The phone's steps where the desktop's point at what a phone has not (docs/decisions/0111): no
 * sidebar and no settings button (both in the menu), no Ctrl+B or Ctrl+K, and the feedback button
 * in the menu. Pointing at nothing, those steps sat in the middle of the screen talking of keys.
 */
const PHONE_STEPS: Record<string, GuideStep> = {
  "tour.dashboard.sidebar": { key: "tour.dashboard.menu", target: '[data-tour="menu"]', position: "bottom" },
  "tour.dashboard.search": { key: "tour.dashboard.searchPhone", target: '[data-tour="search"]', position: "bottom" },
  "tour.dashboard.profile": { key: "tour.dashboard.profilePhone", target: '[data-tour="menu"]', position: "bottom" },
  "tour.module.help": { key: "tour.module.help", target: '[data-tour="menu"]', position: "bottom" },
};

/** A guide as the phone's shell shows it: the same steps (and count), each pointing at what is there. */
export function forPhone(guide: Guide): Guide {
  return { ...guide, steps: guide.steps.map((step) => (Object.hasOwn(PHONE_STEPS, step.key) ? { ...PHONE_STEPS[step.key], ...(step.vars ? { vars: step.vars } : {}) } : step)) };
}
